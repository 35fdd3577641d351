import { z } from 'zod';
import { CUBE_FACES } from './tileNames.ts';

export { CUBE_FACES, MANIFEST_FILE, type CubeFace } from './tileNames.ts';

/**
 * The tile manifest: what the tiler writes next to a panorama's tiles and what the viewer reads.
 *
 * Cube faces, seen from the centre, in three.js axes (-Z forward, +X right, +Y up):
 *   f: front (-Z, ath 0)   r: right (+X, ath 90)   b: back (+Z, ath 180)   l: left (-X, ath -90)
 *   u: up (+Y; the image's bottom edge touches f)    d: down (-Y; the image's top edge touches f)
 * Side faces are upright. For face pixel (x, y) in [0,1]^2, with a = 2x-1 and b = 2y-1, the direction is:
 *   f (a,-b,-1)  r (1,-b,a)  b (-a,-b,1)  l (-1,-b,-a)  u (a,1,-b)  d (a,-1,b)
 * The tiler's reprojection and the viewer's cube geometry both follow this table. CUBE_FACES lists them in that order
 * (tileNames.ts, free of zod).
 */
export const TileLevelSchema = z.object({
  /** 0 is the smallest level. */
  index: z.number().int().min(0),
  /** Edge length of one cube face at this level, in pixels. */
  faceSize: z.number().int().positive(),
  /** Tiles per face edge: ceil(faceSize / tileSize). Edge tiles may be smaller than tileSize. */
  tilesPerSide: z.number().int().positive(),
});
export type TileLevel = z.infer<typeof TileLevelSchema>;

export const TileManifestSchema = z.object({
  version: z.literal(1),
  type: z.literal('cube'),
  tileSize: z.number().int().positive(),
  format: z.enum(['jpeg', 'webp']),
  faceOrder: z.array(z.enum(CUBE_FACES)).length(6),
  /** Relative to the manifest. Placeholders {level} {face} {x} {y}. */
  tileUrl: z.string(),
  levels: z.array(TileLevelSchema).min(1),
  /** The tiny cube painted at once: one image, six square faces side by side in faceOrder. */
  firstView: z.object({ url: z.string(), faceSize: z.number().int().positive() }),
  source: z.object({ width: z.number().int().positive(), height: z.number().int().positive(), kind: z.enum(['equirect', 'cube']) }),
  images: z.object({ adjustedRaw: z.string(), desktop: z.string(), preview: z.string(), thumbnail: z.string() }),
});
export type TileManifest = z.infer<typeof TileManifestSchema>;

