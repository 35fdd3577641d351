import { describe, expect, it } from 'vitest';
import { AUTOROTATE_IDLE_MS, nextAutopilotIndex, rotationDegreesPerSecond, shouldAutoRotate } from './autorotate.ts';
import { decayVelocity, dragToRotation, INERTIA_TIME_CONSTANT_S, pinchZoomFactor, trackVelocity, wheelZoomFactor } from './controlMath.ts';

describe('inertia', () => {
  it('decays exponentially and frame-rate independently', () => {
    const v = { yaw: 100, pitch: -50 };
    const one = decayVelocity(v, INERTIA_TIME_CONSTANT_S);
    expect(one.yaw).toBeCloseTo(100 / Math.E, 6);
    let stepped = v;
    for (let i = 0; i < 10; i++) stepped = decayVelocity(stepped, INERTIA_TIME_CONSTANT_S / 10);
    expect(stepped.yaw).toBeCloseTo(one.yaw, 6);
    expect(stepped.pitch).toBeCloseTo(one.pitch, 6);
  });
  it('stops below the minimum speed', () => {
    expect(decayVelocity({ yaw: 3, pitch: 0 }, 1)).toEqual({ yaw: 0, pitch: 0 });
  });
  it('tracks drag velocity towards the latest speed and caps flicks', () => {
    let v = { yaw: 0, pitch: 0 };
    for (let i = 0; i < 20; i++) v = trackVelocity(v, { yaw: 1, pitch: 0 }, 0.016); // 62.5 deg/s
    expect(v.yaw).toBeCloseTo(62.5, 0);
    expect(trackVelocity({ yaw: 0, pitch: 0 }, { yaw: 1000, pitch: 0 }, 0.016).yaw).toBeLessThanOrEqual(720);
  });
});

describe('drag and zoom mapping', () => {
  it('drags the picture with the finger', () => {
    const r = dragToRotation(100, 50, 90, 1000);
    expect(r.yaw).toBeLessThan(0); // drag right -> look left
    expect(r.pitch).toBeGreaterThan(0); // drag down -> look up
    expect(r.yaw).toBeCloseTo(-100 * (2 / 1000) * (180 / Math.PI), 6);
  });
  it('zooms in on wheel up and pinch out, symmetrically', () => {
    expect(wheelZoomFactor(-100)).toBeLessThan(1);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1, 9);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48), 9);
    expect(pinchZoomFactor(100, 200)).toBe(0.5);
    expect(pinchZoomFactor(0, 200)).toBe(1);
  });
});

describe('auto-rotation and autopilot', () => {
  it('uses the spec speeds as seconds per turn', () => {
    expect(rotationDegreesPerSecond()).toBeCloseTo(1.8, 9);
    expect(rotationDegreesPerSecond('fast')).toBeCloseTo(7.2, 9);
  });
  it('never rotates during gyro, XR, live/pilot/recording or interaction, and waits for idle', () => {
    const base = { enabled: true, gyro: false, xr: false, suspended: false, interacting: false, idleMs: AUTOROTATE_IDLE_MS };
    expect(shouldAutoRotate(base)).toBe(true);
    for (const key of ['gyro', 'xr', 'suspended', 'interacting'] as const) expect(shouldAutoRotate({ ...base, [key]: true })).toBe(false);
    expect(shouldAutoRotate({ ...base, enabled: false })).toBe(false);
    expect(shouldAutoRotate({ ...base, idleMs: AUTOROTATE_IDLE_MS - 1 })).toBe(false);
  });
  it('moves to the next panorama, skipping toilets and bathrooms, wrapping around', () => {
    const tour = ['kitchen', 'toilet', 'bathroom', 'bedroom', 'toilet'].map((category) => ({ category }));
    expect(nextAutopilotIndex(tour, 0)).toBe(3);
    expect(nextAutopilotIndex(tour, 3)).toBe(0);
    expect(nextAutopilotIndex(tour, 1)).toBe(3);
  });
  it('stays when nothing else qualifies', () => {
    expect(nextAutopilotIndex([{ category: 'kitchen' }, { category: 'toilet' }], 0)).toBeNull();
    expect(nextAutopilotIndex([{ category: 'kitchen' }], 0)).toBeNull();
    expect(nextAutopilotIndex([], 0)).toBeNull();
  });
});
