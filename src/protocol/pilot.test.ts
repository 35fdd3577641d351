import { describe, expect, it } from 'vitest';
import { PilotRouteSchema, routeReferences, UpdateRecordingBodySchema, type PilotRoute } from './pilot.ts';

const route: PilotRoute = {
  version: 1,
  durationMs: 2000,
  views: [[0, 0, 0, 90], [1000, 10, 0, 90]],
  panoramas: [{ t: 0, panoramaId: 'a' }, { t: 1000, panoramaId: 'b' }],
  markers: [{ t: 500, markerId: 'm' }, { t: 900, markerId: null }],
};

describe('PilotRouteSchema', () => {
  it('takes a well-formed route', () => {
    expect(PilotRouteSchema.safeParse(route).success).toBe(true);
  });

  it.each([
    ['samples out of order', { ...route, views: [[0, 0, 0, 90], [900, 0, 0, 90], [800, 0, 0, 90]] }],
    ['no panorama at time 0', { ...route, panoramas: [{ t: 5, panoramaId: 'a' }] }],
    ['an event after the end', { ...route, durationMs: 800 }],
    ['a pitch beyond the pole', { ...route, views: [[0, 0, 91, 90]] }],
    ['a time past the limit', { ...route, durationMs: 11 * 60_000 }],
    ['an id with a slash', { ...route, panoramas: [{ t: 0, panoramaId: '../x' }] }],
  ])('refuses %s', (_name, bad) => {
    expect(PilotRouteSchema.safeParse(bad).success).toBe(false);
  });

  it('lists the panoramas and markers a route names, once each', () => {
    expect(routeReferences({ ...route, panoramas: [...route.panoramas, { t: 1500, panoramaId: 'a' }] })).toEqual({ panoramaIds: ['a', 'b'], markerIds: ['m'] });
  });

  it('needs something to change in an update', () => {
    expect(UpdateRecordingBodySchema.safeParse({}).success).toBe(false);
    expect(UpdateRecordingBodySchema.safeParse({ title: '  ' }).success).toBe(false);
    expect(UpdateRecordingBodySchema.safeParse({ published: true }).success).toBe(true);
  });
});
