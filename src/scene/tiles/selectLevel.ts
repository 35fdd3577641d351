import { DEG_TO_RAD } from '../math/angles.ts';

export interface LevelChoiceInput {
  /** Viewport height in CSS pixels (or device pixels with devicePixelRatio 1, as XR eye viewports are). */
  viewportHeight: number;
  devicePixelRatio: number;
  /** Vertical field of view of the camera, degrees. */
  verticalFov: number;
  /** Highest level index allowed (XR caps memory), default: no cap. */
  maxIndex?: number;
}

/**
 * Marzipano's rule (google/marzipano src/views/Rectilinear.js selectLevel): a cube face of faceSize pixels
 * spans tan(45deg) = 1 from its centre to its edge, the screen's half-height spans tan(vfov/2); the level is
 * sharp when faceSize * tan(vfov/2) >= device pixels of the viewport height. Take the smallest such level,
 * else the largest. Levels come in any order; the one returned is an element of the input.
 */
export function selectLevel<L extends { index: number; faceSize: number }>(levels: readonly L[], input: LevelChoiceInput): L {
  const allowed = [...levels]
    .filter((l) => input.maxIndex === undefined || l.index <= input.maxIndex)
    .sort((a, b) => a.faceSize - b.faceSize);
  const candidates = allowed.length > 0 ? allowed : [...levels].sort((a, b) => a.faceSize - b.faceSize).slice(0, 1);
  const required = Math.max(1, input.viewportHeight) * Math.max(0.1, input.devicePixelRatio || 1);
  const cover = Math.tan((Math.min(Math.max(input.verticalFov, 1), 179) * DEG_TO_RAD) / 2);
  // The epsilon absorbs tan(45deg) = 0.9999999999999999, so exact fits count as sharp.
  const sharp = candidates.find((l) => cover * l.faceSize >= required * (1 - 1e-9));
  const chosen = sharp ?? candidates[candidates.length - 1];
  if (!chosen) throw new Error('selectLevel: a tile manifest has at least one level');
  return chosen;
}
