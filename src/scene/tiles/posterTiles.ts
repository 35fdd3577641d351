import type { DecodedImage } from '../../../workers/imageDecoder.ts';

/**
 * What the page's inline poster script (server/http/posterScript.ts) already fetched for the start panorama before
 * any bundle ran: its tile manifest, its first-view cube and the first view's tiles, decoded for its CSS stages. The scene takes them
 * instead of asking the network again, each once (a later load of the panorama fetches as usual).
 */
interface PosterWindow {
  __atriumPosterManifests?: Record<string, Promise<unknown> | undefined>;
  __atriumPosterTiles?: Record<string, Promise<HTMLImageElement> | undefined>;
  __atriumPosterFirstViews?: Record<string, Promise<HTMLImageElement> | undefined>;
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
  return take((globalThis as PosterWindow).__atriumPosterTiles, url)?.then(async (img) => {
    // createImageBitmap of an <img> decodes it again, synchronously, on this thread (about 15 ms a tile on the
    // first-view benchmark's phone profile). The scene asks for its tiles while it draws a frame: converted at once,
    // in that frame's microtasks, the first view's tiles held the frame off the screen for ~0.2 s. A task each lets
    // frames run in between.
    await nextTask();
    return toDecoded(img);
  });
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The first-view image the poster painted, decoded, or undefined. The poster loads it without CORS (a CSS
 * background uses it too): when it came from another origin (media redirected to object storage) WebGL may not
 * use it, so a tainted picture rejects and the caller fetches it itself.
 */
export function takePosterFirstView(url: string): Promise<DecodedImage> | undefined {
  return take((globalThis as PosterWindow).__atriumPosterFirstViews, url)?.then(async (img) => {
    const decoded = await toDecoded(img);
    try {
      assertUntainted(decoded.bitmap);
    } catch (error) {
      decoded.bitmap.close();
      throw error;
    }
    return decoded;
  });
}

async function toDecoded(img: HTMLImageElement): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(img, { imageOrientation: 'flipY', premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  return { bitmap, width: bitmap.width, height: bitmap.height, encodedBytes: 0 };
}

/** Reading one pixel throws a SecurityError for a cross-origin picture, as texImage2D would. */
function assertUntainted(bitmap: ImageBitmap): void {
  const canvas = new OffscreenCanvas(1, 1);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context to check the poster image');
  context.drawImage(bitmap, 0, 0, 1, 1, 0, 0, 1, 1);
  context.getImageData(0, 0, 1, 1);
}
