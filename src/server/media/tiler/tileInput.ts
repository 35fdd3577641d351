import type { CubeFace } from '../../../protocol/tiles.ts';

/**
 * One cube face file. `mirror` undoes a convention difference of the file's source (OpenGL cube maps are
 * mirrored relative to our face table, see openGlFaces.ts); plain files in our orientation need none.
 */
export type CubeFaceFile = string | { file: string; mirror?: 'horizontal' | 'vertical' };

export type TileInput =
  | { kind: 'equirect'; file: string }
  | { kind: 'cube'; faces: Record<CubeFace, CubeFaceFile> };

/** What the tiler accepts. Options so tests (and a future config) can tighten them without huge files. */
export interface TileLimits {
  maxEquirectWidth: number;
  maxEquirectHeight: number;
  minEquirectWidth: number;
  minEquirectHeight: number;
  /** Allowed relative deviation of width / height from 2. */
  ratioTolerance: number;
  minFaceSize: number;
  maxFaceSize: number;
}

export const DEFAULT_TILE_LIMITS: Readonly<TileLimits> = {
  // 16384x8192 RGB is 400 MB decoded; beyond that one job could starve a small server of memory.
  maxEquirectWidth: 16_384,
  maxEquirectHeight: 8_192,
  minEquirectWidth: 1_024,
  minEquirectHeight: 512,
  ratioTolerance: 0.01,
  minFaceSize: 512,
  maxFaceSize: 8_192,
};

export function faceFilePath(face: CubeFaceFile): string {
  return typeof face === 'string' ? face : face.file;
}

export function faceMirror(face: CubeFaceFile): 'horizontal' | 'vertical' | undefined {
  return typeof face === 'string' ? undefined : face.mirror;
}
