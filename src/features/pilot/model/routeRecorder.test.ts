import { describe, expect, it } from 'vitest';
import { PILOT_SAMPLE_INTERVAL_MS, PilotRouteSchema } from '../../../protocol/pilot.ts';
import { RouteRecorder } from './routeRecorder.ts';

const v = (yaw: number, pitch = 0, fov = 90) => ({ yaw, pitch, fov });

describe('RouteRecorder', () => {
  it('starts with the panorama and the view at time 0', () => {
    const route = new RouteRecorder('p1', v(10)).finish(1000);
    expect(route.panoramas).toEqual([{ t: 0, panoramaId: 'p1' }]);
    expect(route.views[0]).toEqual([0, 10, 0, 90]);
    expect(route.durationMs).toBe(1000);
    expect(PilotRouteSchema.safeParse(route).success).toBe(true);
  });

  it('samples a moving view at most once per interval', () => {
    const rec = new RouteRecorder('p1', v(0));
    for (let t = 16; t <= 1000; t += 16) rec.tick(t, v(t / 10));
    const route = rec.finish(1000);
    const times = route.views.map((s) => s[0]);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(PILOT_SAMPLE_INTERVAL_MS);
    expect(times.length).toBeGreaterThanOrEqual(9);
    expect(times.length).toBeLessThanOrEqual(11);
  });

  it('keeps nothing while the view stands still', () => {
    const rec = new RouteRecorder('p1', v(5));
    for (let t = 16; t <= 5000; t += 16) rec.tick(t, v(5));
    expect(rec.finish(5000).views).toHaveLength(1);
  });

  it('writes a hold sample when movement resumes after a pause, so playback does not drift through it', () => {
    const rec = new RouteRecorder('p1', v(0));
    for (let t = 0; t <= 3000; t += 20) rec.tick(t, v(0));
    rec.tick(3020, v(30));
    const views = rec.finish(3100).views;
    expect(views.map((s) => s[0])).toEqual([0, 3000, 3020]);
    expect(views[1]![1]).toBe(0);
    expect(views[2]![1]).toBe(30);
  });

  it('samples the arrival view at a panorama change and records marker panels once each', () => {
    const rec = new RouteRecorder('p1', v(0));
    rec.tick(150, v(20));
    rec.panorama(160, 'p2', v(-120));
    rec.marker(400, 'm1');
    rec.marker(410, 'm1');
    rec.marker(900, null);
    const route = rec.finish(1000);
    expect(route.panoramas).toEqual([{ t: 0, panoramaId: 'p1' }, { t: 160, panoramaId: 'p2' }]);
    expect(route.views.find((s) => s[0] === 160)).toEqual([160, -120, 0, 90]);
    expect(route.markers).toEqual([{ t: 400, markerId: 'm1' }, { t: 900, markerId: null }]);
  });

  it('normalises yaw and clamps pitch and fov to what the route schema takes', () => {
    const rec = new RouteRecorder('p1', v(190, 95, 200));
    expect(rec.finish(0).views[0]).toEqual([0, -170, 90, 179]);
  });
});
