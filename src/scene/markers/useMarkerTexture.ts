import { useEffect, useState } from 'react';
import type { Texture } from 'three';
import type { Marker } from '../../protocol/tour.ts';
import type { DecoderPool } from '../tiles/decoderPool.ts';
import { bitmapTexture } from '../tiles/layerMeshes.ts';
import { acquireIconTexture, releaseIconTexture } from './markerIcons.ts';
import { markerIconKey } from './markerModel.ts';

/**
 * The marker's texture: its custom icon (decoded in the texture worker) once loaded, the drawn icon of its
 * kind until then or if the custom icon fails (cross-origin icons without CORS do).
 */
export function useMarkerTexture(marker: Marker, pool: DecoderPool): { texture: Texture | null; aspect: number } {
  const key = markerIconKey(marker);
  const fallbackKey = key.startsWith('url:') ? `kind:${marker.type}` : key;
  const [fallback, setFallback] = useState<Texture | null>(null);
  const [custom, setCustom] = useState<{ texture: Texture; aspect: number } | null>(null);

  useEffect(() => {
    const texture = acquireIconTexture(fallbackKey);
    setFallback(texture);
    return () => releaseIconTexture(fallbackKey);
  }, [fallbackKey]);

  useEffect(() => {
    if (!key.startsWith('url:')) return;
    const abort = new AbortController();
    let texture: Texture | null = null;
    pool.decode(key.slice(4), { flipY: true, signal: abort.signal }).then(
      (decoded) => {
        texture = bitmapTexture(decoded.bitmap, { mipmaps: true });
        setCustom({ texture, aspect: decoded.width / Math.max(1, decoded.height) });
      },
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') console.warn('[scene] marker icon failed', error);
      },
    );
    return () => {
      abort.abort();
      setCustom(null);
      if (texture) {
        texture.dispose();
        (texture.image as ImageBitmap).close();
      }
    };
  }, [key, pool]);

  // null on the very first render, before the effect took its reference: the marker is drawn a frame later.
  return custom ?? { texture: fallback, aspect: 1 };
}
