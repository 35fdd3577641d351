import { CanvasTexture, SRGBColorSpace, type Texture } from 'three';

// Marker icon textures: the glyphs of markerGlyphs.ts drawn on a canvas (canvas drawing is not image decoding, so it is
// fine on the main thread), shared between markers of one kind.
import { drawMarkerIcon, MARKER_ICON_SIZE as SIZE } from './markerGlyphs.ts';

interface CacheEntry { texture: Texture; refs: number }
const cache = new Map<string, CacheEntry>();

/** Shared, reference-counted icon textures: call releaseIconTexture(key) once per acquire. */
export function acquireIconTexture(key: string): Texture {
  const hit = cache.get(key);
  if (hit) {
    hit.refs++;
    return hit.texture;
  }
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  const ctx = canvas.getContext('2d');
  if (ctx) drawMarkerIcon(ctx, key);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = 4;
  cache.set(key, { texture, refs: 1 });
  return texture;
}

export function releaseIconTexture(key: string): void {
  const hit = cache.get(key);
  if (!hit || --hit.refs > 0) return;
  hit.texture.dispose();
  cache.delete(key);
}
