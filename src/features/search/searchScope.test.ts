import { describe, expect, it, vi } from 'vitest';
import type { Marker, Property, Tour } from '../../protocol/tour.ts';
import { loadSearchCorpus, type ScopeApi } from './searchScope.ts';

const m = (id: string, buildingId: string, panoramaId: string, type = 'tag'): Marker => ({
  objectId: id, type, name: id, description: null, nameMulti: null, descriptionMulti: null, categoryMulti: null, priceMulti: null,
  actionMulti: null, actionLinkMulti: null, category: [], photo: null, iconType: null, useCustomIcon: false, iconUrl: null, opacity: 1,
  disableResizing: false, currentPanoramaId: panoramaId, panoramaId, buildingId, nextBuildingId: null, nextPanoramaId: null, link: null,
  price: null, action: null, videoplayAttribute: null, multitagInfo: null, attributes: null, placement: null, companyId: null,
  position: { ath: 0, atv: 0 }, customAttributes: { orderingProductId: null, orderingCollectionId: null },
});

function tour(id: string, name: string, markers: Marker[], nameMulti: Record<string, string> = {}): Tour {
  return {
    objectId: id, name, nameMulti,
    panoramas: [{ objectId: `${id}-p`, name: `${name} room`, markers }],
  } as unknown as Tour;
}

const current = tour('t1', 'Harbour House', [m('sofa', 't1', 't1-p'), m('door', 't1', 't1-p', 'point')], { ja: 'ハーバーハウス' });
const garden = tour('t2', 'Garden Studio', [m('bench', 't2', 't2-p')]);

function api(markerFinderEnable: boolean | 'fails'): ScopeApi & { calls: string[] } {
  const calls: string[] = [];
  const summary = (t: Tour) => ({ index: 0, building: { objectId: t.objectId, name: t.name, nameMulti: t.nameMulti } });
  return {
    calls,
    property: vi.fn(async (id: string) => {
      calls.push(`property ${id}`);
      if (markerFinderEnable === 'fails') throw new Error('404');
      return { objectId: id, markerFinderEnable, buildings: [summary(current), summary(garden)] } as unknown as Property;
    }),
    allMarkers: vi.fn(async (id: string) => {
      calls.push(`allMarkers ${id}`);
      return { markers: [...current.panoramas[0]!.markers, ...garden.panoramas[0]!.markers] };
    }),
    tour: vi.fn(async (id: string) => {
      calls.push(`tour ${id}`);
      return garden;
    }),
  };
}

describe('search scope', () => {
  it('is the tour on screen without a group, with no request', async () => {
    const fake = api(true);
    const corpus = await loadSearchCorpus(current, null, 'en', fake);
    expect(corpus.scope).toBe('tour');
    expect([...corpus.hits.keys()]).toEqual(['sofa']);
    expect(corpus.hits.get('sofa')).toMatchObject({ panoramaName: 'Harbour House room', tourName: null });
    expect(fake.calls).toEqual([]);
  });

  it('is the tour when the group has marker finder off or cannot be read', async () => {
    for (const setting of [false, 'fails'] as const) {
      const fake = api(setting);
      const corpus = await loadSearchCorpus(current, 'g1', 'en', fake);
      expect(corpus.scope).toBe('tour');
      expect([...corpus.hits.keys()]).toEqual(['sofa']);
      expect(fake.calls).toEqual(['property g1']);
    }
  });

  it('is every tour of the group with marker finder on, the current tour not fetched again', async () => {
    const fake = api(true);
    const corpus = await loadSearchCorpus(current, 'g1', 'ja', fake);
    expect(corpus.scope).toBe('group');
    expect([...corpus.hits.keys()].sort()).toEqual(['bench', 'sofa']);
    expect(corpus.hits.get('bench')).toMatchObject({ tourId: 't2', tourName: 'Garden Studio', panoramaName: 'Garden Studio room' });
    expect(corpus.hits.get('sofa')!.tourName).toBe('ハーバーハウス');
    expect(fake.calls.sort()).toEqual(['allMarkers g1', 'property g1', 'tour t2']);
  });
});
