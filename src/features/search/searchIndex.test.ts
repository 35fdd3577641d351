import { describe, expect, it } from 'vitest';
import type { Marker } from '../../protocol/tour.ts';
import { buildCorpus, searchDocument, type ScopeTour } from './searchDocuments.ts';
import { createSearchIndex } from './searchIndex.ts';

let next = 0;
function marker(patch: Partial<Marker>): Marker {
  next += 1;
  return {
    objectId: `m${next}`, type: 'tag', name: null, description: null, nameMulti: null, descriptionMulti: null, categoryMulti: null,
    priceMulti: null, actionMulti: null, actionLinkMulti: null, category: [], photo: null, iconType: null, useCustomIcon: false,
    iconUrl: null, opacity: 1, disableResizing: false, currentPanoramaId: 'p1', panoramaId: 'p1', buildingId: 't1',
    nextBuildingId: null, nextPanoramaId: null, link: null, price: null, action: null, videoplayAttribute: null, multitagInfo: null,
    attributes: null, placement: null, companyId: null, position: { ath: 10, atv: 5 },
    customAttributes: { orderingProductId: null, orderingCollectionId: null }, ...patch,
  };
}
const multi = (o: Record<string, string>) => JSON.stringify(o);

const sofa = marker({
  name: 'Harbour three-seat sofa',
  nameMulti: multi({ en: 'Harbour three-seat sofa', fr: 'Canapé trois places Harbour', ja: 'ハーバー 3人掛けソファ', de: 'Harbour Dreisitzer-Sofa' }),
  description: '<p>Slate-blue <b>wool</b> blend on a solid oak frame.</p>',
  category: ['furniture'],
});
const lamp = marker({ name: 'Tide pendant lamp', nameMulti: multi({ 'zh-CN': '潮汐吊灯', th: 'โคมไฟระย้าไทด์', ko: '타이드 펜던트 조명' }), category: ['lighting'] });
const water = marker({ type: 'memo', name: 'Water', nameMulti: multi({ ja: '水' }), description: 'The filtered tap gives chilled drinking water.' });
const cafe = marker({ type: 'popup', name: 'Café du Port', categoryMulti: multi({ fr: 'Cafés et boissons' }) });
const oven = marker({ type: 'multitag', name: 'Appliances included', multitagInfo: [{ name: 'Steam oven', hidden: false, mainPhoto: null }, { name: 'Secret dishwasher', hidden: true, mainPhoto: null }] });
const teleport = marker({ type: 'point', name: 'Go to the sofa corner', nextPanoramaId: 'p2' });
const sticker = marker({ type: 'sticker', name: 'Sofa sticker' });
const brochure = marker({ type: 'pdf', name: 'Brochure', panoramaId: 'p2', currentPanoramaId: 'p2', position: { ath: -30, atv: 12 } });

const tour: ScopeTour = { objectId: 't1', name: 'Harbour House', panoramas: [{ objectId: 'p1', name: 'Living room' }, { objectId: 'p2', name: 'Kitchen' }] };
const all = [sofa, lamp, water, cafe, oven, teleport, sticker, brochure];

function searcher(markers = all, tours = [tour], scope: 'tour' | 'group' = 'tour') {
  const corpus = buildCorpus(scope, markers, tours, 'en');
  const index = createSearchIndex(corpus.documents);
  return { corpus, names: (q: string) => index.search(q).map((m) => corpus.hits.get(m.id)!.name) };
}

describe('marker search index', () => {
  const { names } = searcher();

  it('finds a marker by the start of a word', () => {
    expect(names('harb')).toEqual(['Harbour three-seat sofa']);
    expect(names('pend')).toEqual(['Tide pendant lamp']);
  });

  it('forgives a typo', () => {
    expect(names('pendnt')).toEqual(['Tide pendant lamp']);
    expect(names('harbuor sofa')).toEqual(['Harbour three-seat sofa']);
    expect(names('appliences')).toEqual(['Appliances included']);
  });

  it('ignores case and accents either way', () => {
    expect(names('CANAPE')).toEqual(['Harbour three-seat sofa']);
    expect(names('cafe')).toEqual(['Café du Port']);
    expect(names('Cafés')).toEqual(['Café du Port']);
  });

  it('requires every word of the query', () => {
    expect(names('harbour lamp')).toEqual([]);
    expect(names('tide lamp')).toEqual(['Tide pendant lamp']);
  });

  it('finds Japanese, Chinese, Korean and Thai text by any part of it', () => {
    expect(names('ソファ')).toEqual(['Harbour three-seat sofa']);
    expect(names('人掛け')).toEqual(['Harbour three-seat sofa']);
    expect(names('水')).toEqual(['Water']);
    expect(names('吊灯')).toEqual(['Tide pendant lamp']);
    expect(names('灯')).toEqual(['Tide pendant lamp']);
    expect(names('펜던트')).toEqual(['Tide pendant lamp']);
    expect(names('ระย้า')).toEqual(['Tide pendant lamp']);
    expect(names('ソフト')).toEqual([]);
  });

  it('searches every language of name, description and category, and visible multitag items', () => {
    expect(names('dreisitzer')).toEqual(['Harbour three-seat sofa']);
    expect(names('wool')).toEqual(['Harbour three-seat sofa']);
    expect(names('boissons')).toEqual(['Café du Port']);
    expect(names('lighting')).toEqual(['Tide pendant lamp']);
    expect(names('steam')).toEqual(['Appliances included']);
    expect(names('dishwasher')).toEqual([]);
  });

  it('does not index HTML markup', () => {
    expect(searchDocument(sofa).description).not.toMatch(/[<>]/);
    expect(names('wool blend')).toEqual(['Harbour three-seat sofa']);
  });

  it('ranks a name match above a description match', () => {
    expect(names('water')).toEqual(['Water']);
    const { names: ranked } = searcher([marker({ name: 'Coffee table', description: 'Oak' }), marker({ name: 'Oak shelf' })]);
    expect(ranked('oak')).toEqual(['Oak shelf', 'Coffee table']);
  });

  it('answers nothing for an empty or nonsense query', () => {
    expect(names('')).toEqual([]);
    expect(names('   ')).toEqual([]);
    expect(names('zxqvbnm')).toEqual([]);
  });
});

describe('search corpus', () => {
  it('holds only the searchable kinds', () => {
    const { corpus } = searcher();
    expect([...corpus.hits.values()].map((h) => h.kind).sort()).toEqual(['memo', 'multitag', 'pdf', 'popup', 'tag', 'tag']);
    expect(searcher().names('sofa')).toEqual(['Harbour three-seat sofa']);
  });

  it('says where each marker is, in the visitor language', () => {
    const { corpus } = searcher();
    expect(corpus.hits.get(brochure.objectId)).toEqual({
      markerId: brochure.objectId, name: 'Brochure', kind: 'pdf', tourId: 't1', panoramaId: 'p2', panoramaName: 'Kitchen', tourName: null,
      position: { ath: -30, atv: 12 },
    });
    const ja = buildCorpus('tour', [sofa], [tour], 'ja');
    expect(ja.hits.get(sofa.objectId)!.name).toBe('ハーバー 3人掛けソファ');
  });

  it('in group scope covers every tour, names the tour, and drops markers whose panorama is gone', () => {
    const other: ScopeTour = { objectId: 't2', name: 'Garden Studio', panoramas: [{ objectId: 'g1', name: 'Garden' }] };
    const bench = marker({ name: 'Garden bench', buildingId: 't2', panoramaId: 'g1' });
    const orphan = marker({ name: 'Garden orphan', buildingId: 't2', panoramaId: 'gone' });
    const closed = marker({ name: 'Garden closed', buildingId: 't3', panoramaId: 'x' });
    const { corpus, names } = searcher([sofa, bench, orphan, closed], [tour, other], 'group');
    expect(names('garden')).toEqual(['Garden bench']);
    expect(corpus.hits.get(bench.objectId)).toMatchObject({ tourId: 't2', tourName: 'Garden Studio', panoramaName: 'Garden' });
    expect(corpus.hits.get(sofa.objectId)!.tourName).toBe('Harbour House');
  });

  it('keeps markers of a tour whose panoramas could not be read, without a panorama name', () => {
    const unread: ScopeTour = { objectId: 't2', name: 'Garden Studio', panoramas: null };
    const bench = marker({ name: 'Garden bench', buildingId: 't2', panoramaId: 'g1' });
    const { corpus } = searcher([bench], [unread], 'group');
    expect(corpus.hits.get(bench.objectId)!.panoramaName).toBe('');
  });

  it('indexes a marker listed twice only once', () => {
    const { names } = searcher([sofa, sofa]);
    expect(names('sofa')).toEqual(['Harbour three-seat sofa']);
  });
});
