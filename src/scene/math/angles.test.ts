import { describe, expect, it } from 'vitest';
import { angleDelta, athAtvToDirection, directionToAthAtv, normalizeAngle, viewForPosition } from './angles.ts';
import { clampFov, clampPitch, degreesPerPixel, verticalFov } from './fov.ts';

const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i] ?? NaN, 9));

describe('normalizeAngle', () => {
  it('is the app-wide one, wrapping into (-180, 180]', () => {
    expect(normalizeAngle(190)).toBe(-170);
    expect(normalizeAngle(-190)).toBe(170);
    expect(normalizeAngle(-180)).toBe(180);
  });
  it('gives the shortest signed difference', () => {
    expect(angleDelta(170, -170)).toBe(20);
    expect(angleDelta(-170, 170)).toBe(-20);
  });
});

describe('ath/atv <-> direction', () => {
  it('matches the krpano convention in three.js axes', () => {
    close(athAtvToDirection(0, 0), [0, 0, -1]);
    close(athAtvToDirection(90, 0), [1, 0, 0]);
    close(athAtvToDirection(-90, 0), [-1, 0, 0]);
    close(athAtvToDirection(180, 0), [0, 0, 1]);
    close(athAtvToDirection(0, -90), [0, 1, 0]); // atv -90 = zenith
    close(athAtvToDirection(0, 90), [0, -1, 0]);
  });
  it('round-trips', () => {
    for (const [ath, atv] of [[10, 20], [-135, -45], [179, 89], [-30, 0]] as const) {
      const back = directionToAthAtv(athAtvToDirection(ath, atv));
      expect(back.ath).toBeCloseTo(ath, 9);
      expect(back.atv).toBeCloseTo(atv, 9);
    }
  });
  it('maps a position to the camera view that centres it', () => {
    expect(viewForPosition({ ath: 200, atv: 30 })).toEqual({ yaw: -160, pitch: -30 });
    expect(viewForPosition({ ath: -180, atv: 0 })).toEqual({ yaw: 180, pitch: 0 });
  });
});

describe('fov helpers', () => {
  it('clamps zoom to 30..120 and pitch to +-90', () => {
    expect(clampFov(10)).toBe(30);
    expect(clampFov(500)).toBe(120);
    expect(clampFov(Number.NaN)).toBe(120);
    expect(clampPitch(95)).toBe(90);
    expect(clampPitch(-100)).toBe(-90);
  });
  it('treats the fov as the long-side fov', () => {
    expect(verticalFov(120, 0.5)).toBe(120); // portrait phone: vertical is the long side
    expect(verticalFov(90, 1)).toBe(90);
    // 16:9 landscape: tan(v/2) = tan(60deg) / (16/9)
    expect(verticalFov(120, 16 / 9)).toBeCloseTo((2 * Math.atan(Math.tan(Math.PI / 3) / (16 / 9)) * 180) / Math.PI, 9);
  });
  it('converts drag pixels to degrees at the centre', () => {
    expect(degreesPerPixel(90, 1000)).toBeCloseTo((2 / 1000) * (180 / Math.PI), 9);
    expect(degreesPerPixel(90, 0)).toBe(0);
  });
});
