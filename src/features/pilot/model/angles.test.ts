import { describe, expect, it } from 'vitest';
import { lerpAngle, wrapDegrees } from './angles.ts';

describe('angles', () => {
  it('wraps into (-180, 180]', () => {
    expect(wrapDegrees(190)).toBe(-170);
    expect(wrapDegrees(-190)).toBe(170);
    expect(wrapDegrees(-180)).toBe(180);
    expect(wrapDegrees(540)).toBe(180);
    expect(wrapDegrees(-0)).toBe(0);
    expect(wrapDegrees(Number.NaN)).toBe(0);
  });

  it('interpolates the short way across -180/180', () => {
    expect(lerpAngle(170, -170, 0.5)).toBe(180);
    expect(lerpAngle(170, -170, 0.25)).toBeCloseTo(175);
    expect(lerpAngle(-170, 170, 0.25)).toBeCloseTo(-175);
    expect(lerpAngle(-170, 170, 0.75)).toBeCloseTo(175);
    expect(lerpAngle(10, 20, 0.5)).toBe(15);
    expect(lerpAngle(-90, 90, 0)).toBe(-90);
  });
});
