import type { DecodedImage } from '../../../workers/imageDecoder.ts';

/**
 * What the page's inline poster script (server/http/posterScript.ts) already fetched for the start panorama before
 * any bundle ran: its tile manifest and the first view's tiles, decoded for its CSS stage. The scene takes them
 * instead of asking the network again, each once (a later load of the panorama fetches as usual).
 */
interface PosterWindow {
  __atriumPosterManifests?: Record<string, Promise<unknown> | undefined>;
  __atriumPosterTiles?: Record<string, Promise<HTMLImageElement> | undefined>;
}

function take<T>(store: Record<string, T | undefined> | undefined, url: string): T | undefined {
  const found = store?.[url];
  if (store && found) delete store[url];
  return found;
}

/** The manifest's JSON as the poster fetched it, or undefined. */
export function takePosterManifest(url: string): Promise<unknown> | undefined {
  return take((globalThis as PosterWindow).__atriumPosterManifests, url);
}

/**
 * A tile the poster decoded, as the bitmap the decoder pool would give (flipped for WebGL, bytes as stored), or
 * undefined. Rejects when the poster's image failed: the caller then fetches it itself.
 */
export function takePosterTile(url: string): Promise<DecodedImage> | undefined {
  const image = take((globalThis as PosterWindow).__atriumPosterTiles, url);
  return image?.then(async (img) => {
    const bitmap = await createImageBitmap(img, { imageOrientation: 'flipY', premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    return { bitmap, width: bitmap.width, height: bitmap.height, encodedBytes: 0 };
  });
}
