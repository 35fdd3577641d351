import { describe, expect, it } from 'vitest';
import type { PilotRoute } from '../../../protocol/pilot.ts';
import { lastAtOrBefore, routeAt } from './routePlayback.ts';

const route: PilotRoute = {
  version: 1,
  durationMs: 4000,
  views: [[0, 170, 0, 90], [1000, -170, 10, 70], [2000, -170, 10, 70], [2000, 30, 0, 90], [3000, 60, -10, 90]],
  panoramas: [{ t: 0, panoramaId: 'a' }, { t: 2000, panoramaId: 'b' }],
  markers: [{ t: 500, markerId: 'm1' }, { t: 1500, markerId: null }, { t: 3500, markerId: 'm2' }],
};

describe('routeAt', () => {
  it('interpolates yaw across -180/180 the short way, pitch and fov linearly', () => {
    const mid = routeAt(route, 500);
    expect(mid.view.yaw).toBe(180);
    expect(mid.view.pitch).toBe(5);
    expect(mid.view.fov).toBe(80);
    expect(routeAt(route, 250).view.yaw).toBeCloseTo(175);
  });

  it('cuts at a panorama change instead of interpolating across it', () => {
    const before = routeAt(route, 1999);
    expect(before.panoramaId).toBe('a');
    expect(before.view.yaw).toBe(-170);
    const after = routeAt(route, 2000);
    expect(after.panoramaId).toBe('b');
    expect(after.view.yaw).toBe(30);
    expect(routeAt(route, 2500).view.yaw).toBe(45);
  });

  it('opens and closes marker panels as recorded', () => {
    expect(routeAt(route, 0).markerId).toBeNull();
    expect(routeAt(route, 500).markerId).toBe('m1');
    expect(routeAt(route, 1499).markerId).toBe('m1');
    expect(routeAt(route, 1500).markerId).toBeNull();
    expect(routeAt(route, 3999).markerId).toBe('m2');
  });

  it('holds the last sample after it and clamps times outside the route', () => {
    expect(routeAt(route, 3600).view).toEqual({ yaw: 60, pitch: -10, fov: 90 });
    expect(routeAt(route, 99_999).panoramaId).toBe('b');
    expect(routeAt(route, -5).view.yaw).toBe(170);
  });
});

describe('lastAtOrBefore', () => {
  it('finds the last item at or before a time, the first when none is', () => {
    const times = [0, 10, 10, 20];
    expect(lastAtOrBefore(times, 10, (x) => x)).toBe(2);
    expect(lastAtOrBefore(times, 15, (x) => x)).toBe(2);
    expect(lastAtOrBefore(times, 25, (x) => x)).toBe(3);
    expect(lastAtOrBefore([5], 1, (x) => x)).toBe(0);
  });
});
