import { describe, expect, it } from 'vitest';
import { bearingTo, followStep, lerpAngle, userTookOver, viewChanged, wrapDegrees } from './navFollow.ts';

describe('co-navigation maths', () => {
  it('turns the short way round across ±180°', () => {
    expect(wrapDegrees(190)).toBe(-170);
    expect(lerpAngle(170, -170, 0.5)).toBe(180);
    expect(lerpAngle(-170, 170, 0.25)).toBeCloseTo(-175);
  });

  it('glides toward the leader and arrives after a few updates', () => {
    let view = { yaw: 0, pitch: 0, fov: 100 };
    const target = { yaw: 90, pitch: -10, fov: 70 };
    view = followStep(view, target, 16);
    expect(view.yaw).toBeGreaterThan(0);
    expect(view.yaw).toBeLessThan(20); // one frame moves a little, not a jump
    for (let i = 0; i < 60; i++) view = followStep(view, target, 16);
    expect(view.yaw).toBeCloseTo(90, 0);
    expect(view.pitch).toBeCloseTo(-10, 0);
    expect(view.fov).toBeCloseTo(70, 0);
  });

  it('stops following on input given after following began, not on input before it', () => {
    expect(userTookOver(1200, 1000)).toBe(true);
    expect(userTookOver(900, 1000)).toBe(false); // the drag that ended before "back to the host"
    expect(userTookOver(0, 1000)).toBe(false);
  });

  it('sends only views that changed', () => {
    const v = { panoramaId: 'a', yaw: 1, pitch: 2, fov: 90 };
    expect(viewChanged(null, v)).toBe(true);
    expect(viewChanged(v, { ...v, yaw: 1.1 })).toBe(false);
    expect(viewChanged(v, { ...v, yaw: 3 })).toBe(true);
    expect(viewChanged(v, { ...v, panoramaId: 'b' })).toBe(true);
  });

  it('points a VR follower toward where the leader looks', () => {
    expect(bearingTo(170, -170)).toBe(20);
    expect(bearingTo(0, -90)).toBe(-90);
  });
});
