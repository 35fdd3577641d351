import { PerspectiveCamera } from 'three';
import { describe, expect, it } from 'vitest';
import { eyeResolution, levelViewBytes, selectXrLevel } from './xrLevel.ts';

// The demo's tile pyramid (tiler: 512 px tiles, faces halving down to the first view).
const levels = [
  { index: 0, faceSize: 512 },
  { index: 1, faceSize: 1024 },
  { index: 2, faceSize: 2048 },
];
const MB = 1024 * 1024;

/** A Quest 3 eye as the runtime describes it: asymmetric frustum, 2064 x 2208 framebuffer pixels. */
function quest3Eye(): { elements: number[]; height: number } {
  const camera = new PerspectiveCamera();
  const near = 0.1;
  // Quest 3 per-eye field: up 48 deg, down 54 deg (vertical 102), left/right about 53/40.
  const tan = (deg: number) => Math.tan((deg * Math.PI) / 180);
  camera.projectionMatrix.makePerspective(-near * tan(53), near * tan(40), near * tan(48), -near * tan(54), near, 100);
  return { elements: camera.projectionMatrix.elements, height: 2208 };
}

describe('eyeResolution', () => {
  it('reads pixels per degree from the eye projection and framebuffer height', () => {
    const eye = quest3Eye();
    const r = eyeResolution(eye.elements, eye.height);
    // 2208 px over tan(48) + tan(54) = 2.49 tangent units: 887 px per unit, 15.5 per degree at the centre
    // of the frustum's tangent plane (the lens's own 25 ppd comes with a supersampled framebuffer).
    expect(r.pixelsPerTangent).toBeCloseTo(2208 / (Math.tan((48 * Math.PI) / 180) + Math.tan((54 * Math.PI) / 180)), 3);
    expect(r.pixelsPerDegree).toBeCloseTo(r.pixelsPerTangent * Math.tan(Math.PI / 180), 6);
  });
  it('is zero for a missing projection or viewport (no eye yet)', () => {
    expect(eyeResolution([], 1000).pixelsPerTangent).toBe(0);
    expect(eyeResolution(quest3Eye().elements, 0).pixelsPerTangent).toBe(0);
  });
});

describe('selectXrLevel', () => {
  it('chooses the top level at a headset resolution of 25 pixels per degree', () => {
    const ppt = 25 / Math.tan(Math.PI / 180); // 1432 px per tangent: faces of 2864 px would be exact
    expect(selectXrLevel(levels, { pixelsPerTangent: ppt, budgetBytes: 96 * MB }).index).toBe(2);
  });
  it('chooses the smallest sharp level, not more', () => {
    // 500 px per tangent needs 1000 px faces: level 1 (1024) is sharp.
    expect(selectXrLevel(levels, { pixelsPerTangent: 500, budgetBytes: 96 * MB }).index).toBe(1);
    expect(selectXrLevel(levels, { pixelsPerTangent: 513, budgetBytes: 96 * MB }).index).toBe(2);
  });
  it('steps down while the level would not fit the GPU budget', () => {
    const ppt = 1432;
    // 60 % of the 2048 cube with mipmaps: 6 * 2048^2 * 4 * 4/3 * 0.6 = 76.8 MiB.
    expect(levelViewBytes(levels[2]!) / MB).toBeCloseTo(76.8, 4);
    expect(selectXrLevel(levels, { pixelsPerTangent: ppt, budgetBytes: 77 * MB }).index).toBe(2);
    expect(selectXrLevel(levels, { pixelsPerTangent: ppt, budgetBytes: 76 * MB }).index).toBe(1);
    expect(selectXrLevel(levels, { pixelsPerTangent: ppt, budgetBytes: 1 }).index).toBe(0);
  });
  it('takes levels in any order and returns one of them', () => {
    const shuffled = [levels[2]!, levels[0]!, levels[1]!];
    expect(selectXrLevel(shuffled, { pixelsPerTangent: 1432, budgetBytes: 20 * MB })).toBe(levels[1]);
  });
});
