import { describe, expect, it } from 'vitest';
import type { Marker } from '../../protocol/tour.ts';
import { filterMarkers, isTeleport, markerIconKey, markerOpacity, markerSize, teleportRequest } from './markerModel.ts';

function marker(over: Partial<Marker>): Marker {
  return {
    objectId: 'm1', type: 'tag', name: null, description: null, nameMulti: null, descriptionMulti: null, categoryMulti: null,
    priceMulti: null, actionMulti: null, actionLinkMulti: null, category: [], photo: null, iconType: null, useCustomIcon: false,
    iconUrl: null, opacity: 1, disableResizing: false, currentPanoramaId: 'p1', panoramaId: 'p1', buildingId: 'b1',
    nextBuildingId: null, nextPanoramaId: null, link: null, price: null, action: null, videoplayAttribute: null,
    multitagInfo: null, attributes: null, placement: null, companyId: null, position: { ath: 0, atv: 0 },
    customAttributes: { orderingProductId: null, orderingCollectionId: null }, ...over,
  };
}

describe('markerModel', () => {
  it('filters to tags only and drops mosaics', () => {
    const list = [marker({ type: 'tag' }), marker({ type: 'point' }), marker({ type: 'mosaic' })];
    expect(filterMarkers(list, 'all').map((m) => m.type)).toEqual(['tag', 'point']);
    expect(filterMarkers(list, 'tagsOnly').map((m) => m.type)).toEqual(['tag']);
  });
  it('recognises teleports and builds the navigation request', () => {
    expect(isTeleport(marker({}))).toBe(false);
    expect(isTeleport(marker({ nextPanoramaId: '' }))).toBe(false);
    expect(teleportRequest(marker({ type: 'point', nextPanoramaId: 'p2' }))).toEqual({ kind: 'panorama', panoramaId: 'p2', reason: 'marker' });
    expect(teleportRequest(marker({ nextBuildingId: 'b2', nextPanoramaId: 'p9' })))
      .toEqual({ kind: 'building', buildingId: 'b2', panoramaId: 'p9', reason: 'marker' });
    // a "building" link to the same building is a panorama link
    expect(teleportRequest(marker({ nextBuildingId: 'b1', nextPanoramaId: 'p3' }))?.kind).toBe('panorama');
  });
  it('normalises opacity', () => {
    expect(markerOpacity({ opacity: 0.5 })).toBe(0.5);
    expect(markerOpacity({ opacity: 80 })).toBe(0.8);
    expect(markerOpacity({ opacity: 0 })).toBe(0);
    expect(markerOpacity({ opacity: Number.NaN })).toBe(1);
  });
  it('chooses icons', () => {
    expect(markerIconKey(marker({ type: 'point', iconType: 'upstairsArrow' }))).toBe('point:upstairsArrow');
    expect(markerIconKey(marker({ type: 'point', iconType: 'bogus' }))).toBe('point:frontArrow');
    expect(markerIconKey(marker({ type: 'pdf' }))).toBe('kind:pdf');
    expect(markerIconKey(marker({ useCustomIcon: true, iconUrl: '/i.png' }))).toBe('url:/i.png');
    expect(markerIconKey(marker({ useCustomIcon: true, iconUrl: null, type: 'memo' }))).toBe('kind:memo');
  });
  it('sizes markers: 51.2 px at the default zoom, growing with zoom unless resizing is disabled', () => {
    const base = { defaultVerticalFov: 90, viewportHeight: 1000 };
    const atDefault = markerSize({ ...base, verticalFov: 90, disableResizing: false });
    expect(atDefault.screen).toBeCloseTo(51.2, 9);
    const zoomed = markerSize({ ...base, verticalFov: 45, disableResizing: false });
    expect(zoomed.world).toBeCloseTo(atDefault.world, 9);
    expect(zoomed.screen).toBeGreaterThan(100);
    const fixed = markerSize({ ...base, verticalFov: 45, disableResizing: true });
    expect(fixed.screen).toBe(51.2);
    expect(fixed.world).toBeLessThan(atDefault.world);
  });
});
