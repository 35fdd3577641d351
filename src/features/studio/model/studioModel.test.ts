import { describe, expect, it } from 'vitest';
import type { StudioPanorama } from '../../../protocol/studio.ts';
import { fieldOf, humanMessage, mergePanorama, moveItem, orderPanoramas, parseCoordinate, planFraction, pointFromView, viewFromPoint } from './studioModel.ts';

const pano = (objectId: string, over: Partial<StudioPanorama> = {}): StudioPanorama => ({
  objectId, index: 0, name: objectId, category: 'others', customCategory: null, status: 'ready', progress: 1, error: null, fileName: null,
  thumbnail: null, previewUrl: null, desktopUrl: null, position: null, initialView: null, ...over,
});

describe('studio model', () => {
  it('moves items and clamps the target', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('keeps ready panoramas in tour order before the ones being tiled', () => {
    const list = orderPanoramas([pano('t', { status: 'tiling', index: -1 }), pano('b', { index: 1 }), pano('a', { index: 0 })]);
    expect(list.map((p) => p.objectId)).toEqual(['a', 'b', 't']);
  });

  it('merges a live event: progress replaces, ready moves the panorama into the tour', () => {
    let list = [pano('a'), pano('t', { status: 'tiling', index: -1, progress: 0 })];
    list = mergePanorama(list, pano('t', { status: 'tiling', index: -1, progress: 0.5 }));
    expect(list[1]).toMatchObject({ objectId: 't', progress: 0.5 });
    list = mergePanorama(list, pano('t', { status: 'ready', index: 1 }));
    expect(list.map((p) => [p.objectId, p.status])).toEqual([['a', 'ready'], ['t', 'ready']]);
    expect(mergePanorama([], pano('new', { status: 'tiling', index: -1 }))).toHaveLength(1);
  });

  it('reads field failures of the API', () => {
    expect(fieldOf('body.geoLatitude')).toBe('geoLatitude');
    expect(fieldOf('body.nameMulti.fr')).toBe('nameMulti');
    expect(fieldOf(undefined)).toBeNull();
    expect(humanMessage('body.geoLatitude: must be between -90 and 90')).toBe('must be between -90 and 90');
  });

  it('turns a point of the panorama picture into a view and back', () => {
    expect(viewFromPoint(0.5, 0.5)).toEqual({ ath: 0, atv: 0 });
    expect(viewFromPoint(0.75, 0.25)).toEqual({ ath: 90, atv: -45 });
    expect(viewFromPoint(2, -1)).toEqual({ ath: 180, atv: -90 });
    expect(pointFromView(90, -45)).toEqual({ u: 0.75, v: 0.25 });
    expect(pointFromView(-270, 0).u).toBeCloseTo(0.75);
  });

  it('parses coordinates with a range', () => {
    expect(parseCoordinate(' 47,5 ', 90)).toBe(47.5);
    expect(parseCoordinate('', 90)).toBeNull();
    expect(parseCoordinate('91', 90)).toBeNaN();
    expect(parseCoordinate('north', 180)).toBeNaN();
  });

  it('places on the plan in fractions', () => {
    expect(planFraction(50, 200)).toBe(0.25);
    expect(planFraction(-3, 200)).toBe(0);
  });
});
