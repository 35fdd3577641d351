// Which tile level a headset needs. A flat screen asks for as many texels as its viewport has pixels; a headset's
// "viewport" is an eye whose projection is asymmetric and whose framebuffer is sized by the runtime, so the need
// is read from the eye itself: pixels per unit of tangent at the lens centre (Meta Quest 3: about 25 pixels per
// degree), then capped by what the GPU budget can hold of that level around the wearer.
import { textureBytes } from './layerMeshes.ts';
import { selectLevel } from './selectLevel.ts';

/**
 * Share of the cube's surface whose tiles a headset keeps at once: both eyes, the 1.6 prefetch margin for fast
 * head turns, and the tiles just turned away from that the residency keeps while the budget allows. Measured in the
 * IWER emulator (90 degree eyes): 28 of the 54 tiles of a 3 x 3 level in view, 27 of its 54 MiB resident. A
 * Quest 3's eyes are wider (about 100 degrees), hence a little more.
 */
export const XR_VIEW_SHARE = 0.6;

export interface EyeResolution {
  /** Framebuffer pixels per unit of tangent at the eye's centre (along the vertical axis). */
  pixelsPerTangent: number;
  /** The same at the centre, in pixels per degree (what headset makers quote). */
  pixelsPerDegree: number;
}

/**
 * From the eye's projection matrix (column-major elements; [5] = 2n / (top - bottom), i.e. 1 / tan of the
 * half-angle for a symmetric frustum, and still the tangent scale for an asymmetric one) and the height of
 * its viewport in framebuffer pixels. The tangent spans 2 / elements[5] over the viewport's height.
 */
export function eyeResolution(projectionElements: ArrayLike<number>, viewportHeight: number): EyeResolution {
  const scale = Math.abs(projectionElements[5] ?? 0);
  const pixelsPerTangent = scale > 0 && viewportHeight > 0 ? (viewportHeight * scale) / 2 : 0;
  return { pixelsPerTangent, pixelsPerDegree: pixelsPerTangent * Math.tan(Math.PI / 180) };
}

/** GPU bytes (with mipmaps) the tiles of a level take when `share` of its cube is resident. */
export function levelViewBytes(level: { faceSize: number }, share = XR_VIEW_SHARE): number {
  return Math.round(textureBytes(level.faceSize, level.faceSize, true) * 6 * share);
}

/**
 * The smallest level sharp for the eye (a face spans tangents -1..1, so faceSize / 2 texels per unit of tangent
 * must reach the eye's pixels per tangent), stepped down while what a headset keeps of it would not fit the
 * budget. Returns an element of `levels`.
 */
export function selectXrLevel<L extends { index: number; faceSize: number }>(
  levels: readonly L[],
  input: { pixelsPerTangent: number; budgetBytes: number },
): L {
  // selectLevel at a 90 degree field (tangent cover 1) asks exactly faceSize >= viewportHeight.
  let chosen = selectLevel(levels, { viewportHeight: 2 * input.pixelsPerTangent, devicePixelRatio: 1, verticalFov: 90 });
  const smaller = [...levels].sort((a, b) => b.faceSize - a.faceSize);
  for (const level of smaller) {
    if (level.faceSize >= chosen.faceSize) continue;
    if (levelViewBytes(chosen) <= input.budgetBytes) break;
    chosen = level;
  }
  return chosen;
}
