import { describe, expect, it } from 'vitest';
import { MARKER_TYPES } from './constants.ts';
import { draftFromMarker, emptyDraft, FIELD_MESSAGES, isPlayableVideoUrl, messageCode, validateDraft, type MarkerDraft, type MarkerKind } from './studioMarkers.ts';
import type { Marker } from './tour.ts';

const at = { ath: 10, atv: -5 };
const draft = (type: MarkerKind, extra: Partial<MarkerDraft> = {}): MarkerDraft => ({ ...emptyDraft(type, at), ...extra });
const fields = (d: unknown) => validateDraft(d).map((i) => i.field);

/** The smallest valid marker of each kind. */
const VALID: Record<MarkerKind, Partial<MarkerDraft>> = {
  point: { nextPanoramaId: 'pano2' },
  teleport: { nextPanoramaId: 'pano2' },
  memo: { description: 'Mind the step' },
  tag: { name: 'Oak chair', price: '€120' },
  gallery: { photos: ['/media/assets/a.jpg'] },
  popup: { link: 'https://example.com/' },
  arMakerTag: { arTarget: 'https://ar.example.com/chair' },
  pdf: { link: '/media/assets/x.pdf' },
  narration: { link: '/media/assets/voice.mp3' },
  multitag: { multitagInfo: [{ name: 'Blue', hidden: false, mainPhoto: null }] },
  sticker: { photos: ['/media/assets/s.png'] },
  search: { name: 'Chairs' },
  videoplay: { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
};

describe('per-kind marker validation', () => {
  it.each(MARKER_TYPES)('accepts the smallest valid %s', (type) => {
    expect(validateDraft(draft(type, VALID[type]))).toEqual([]);
  });

  it('asks a teleport and a point arrow for a target panorama', () => {
    expect(validateDraft(draft('teleport'))).toEqual([{ field: 'nextPanoramaId', message: 'a teleport needs a target panorama' }]);
    expect(fields(draft('point'))).toEqual(['nextPanoramaId']);
  });

  it('names the empty field of each kind that needs one', () => {
    expect(fields(draft('tag'))).toEqual(['name']);
    expect(fields(draft('gallery'))).toEqual(['photos']);
    expect(fields(draft('multitag'))).toEqual(['multitagInfo']);
    expect(fields(draft('pdf'))).toEqual(['link']);
    expect(fields(draft('arMakerTag'))).toEqual(['arTarget']);
    expect(fields(draft('search'))).toEqual(['name']);
  });

  it('only takes http(s) addresses for links people open', () => {
    expect(fields(draft('popup', { link: 'javascript:alert(1)' }))).toEqual(['link']);
    expect(fields(draft('tag', { name: 'x', link: 'ftp://example.com/a' }))).toEqual(['link']);
    expect(fields(draft('tag', { name: 'x', actionLinkMulti: { fr: 'data:text/html,x' } }))).toEqual(['actionLinkMulti.fr']);
    expect(fields(draft('gallery', { photos: ['file:///etc/passwd'] }))).toEqual(['photos.0']);
  });

  it('keeps opacity within 0..1 and positions on the sphere', () => {
    expect(fields(draft('memo', { name: 'a', opacity: 1.5 }))).toEqual(['opacity']);
    expect(fields(draft('memo', { name: 'a', opacity: -0.1 }))).toEqual(['opacity']);
    expect(fields(draft('memo', { name: 'a', position: { ath: 0, atv: 95 } }))).toEqual(['position.atv']);
  });

  it('knows the seven arrows of a point and the three icons of a popup', () => {
    expect(fields(draft('point', { nextPanoramaId: 'p', iconType: 'diagonalArrow' }))).toEqual(['iconType']);
    expect(fields(draft('popup', { link: 'https://example.com', iconType: 'audio' }))).toEqual(['iconType']);
  });

  it('plays only HLS, YouTube, Vimeo or video files', () => {
    expect(isPlayableVideoUrl('https://cdn.example.com/live/stream.m3u8')).toBe(true);
    expect(isPlayableVideoUrl('https://vimeo.com/76979871')).toBe(true);
    expect(isPlayableVideoUrl('https://example.com/page.html')).toBe(false);
    expect(fields(draft('popup', { iconType: 'video', link: 'https://example.com/page.html' }))).toEqual(['link']);
  });

  it('needs an uploaded icon when the custom icon is on', () => {
    expect(fields(draft('memo', { name: 'a', useCustomIcon: true }))).toEqual(['iconUrl']);
    expect(validateDraft(draft('memo', { name: 'a', useCustomIcon: true, iconUrl: '/media/assets/i.png' }))).toEqual([]);
  });

  it('gives every field error a message code the studio translates', () => {
    const kinds: Array<[MarkerKind, Partial<MarkerDraft>]> = [['teleport', {}], ['tag', {}], ['gallery', {}], ['popup', { iconType: 'x' }], ['pdf', {}],
      ['multitag', {}], ['memo', { opacity: 2 }], ['sticker', {}], ['arMakerTag', { arWidthPercent: 0 }], ['videoplay', { link: 'https://example.com' }], ['point', { iconType: 'up' }]];
    for (const [type, extra] of kinds) {
      for (const issue of validateDraft(draft(type, extra))) expect(messageCode(issue.message), `${type} ${issue.field}: ${issue.message}`).not.toBe('invalid');
    }
    expect(validateDraft(draft('popup'))).toContainEqual({ field: 'link', message: FIELD_MESSAGES.required });
    expect(messageCode('something else')).toBe('invalid');
  });

  it('takes the ordering platform\'s two ids on a tag together, without spaces', () => {
    expect(validateDraft(draft('tag', { ...VALID.tag, orderingProductId: 'P-100', orderingCollectionId: 'COL-SS27' }))).toEqual([]);
    expect(validateDraft(draft('tag', { ...VALID.tag, orderingProductId: 'P-100' }))).toEqual([{ field: 'orderingCollectionId', message: FIELD_MESSAGES['ordering-ids'] }]);
    expect(validateDraft(draft('tag', { ...VALID.tag, orderingProductId: 'P 100', orderingCollectionId: 'C' }))).toEqual([{ field: 'orderingProductId', message: FIELD_MESSAGES['ordering-id'] }]);
  });

  it('refuses unknown kinds by their type', () => {
    expect(fields({ ...draft('memo', { name: 'a' }), type: 'mosaic' })).toEqual(['type']);
  });
});

describe('draftFromMarker', () => {
  it('turns the viewer shape into lists and per-language records and back into a valid draft', () => {
    const marker = {
      objectId: 'm1', type: 'tag', name: 'Chair', description: null, nameMulti: '{"fr":"Chaise"}', descriptionMulti: null,
      categoryMulti: null, priceMulti: '{broken', actionMulti: null, actionLinkMulti: null, category: [], photo: '/media/a.jpg, /media/b.jpg',
      iconType: null, useCustomIcon: false, iconUrl: null, opacity: 80, disableResizing: false, currentPanoramaId: 'p', panoramaId: 'p',
      buildingId: 'b', nextBuildingId: null, nextPanoramaId: null, link: null, price: '€1', action: null, videoplayAttribute: null,
      multitagInfo: null, attributes: null, placement: null, companyId: null, position: { ath: 1, atv: 2 },
      customAttributes: { orderingProductId: 'P-1', orderingCollectionId: 'C-1' },
    } satisfies Marker;
    const d = draftFromMarker(marker);
    expect(d).toMatchObject({ name: 'Chair', nameMulti: { fr: 'Chaise' }, priceMulti: {}, photos: ['/media/a.jpg', '/media/b.jpg'], opacity: 0.8, orderingProductId: 'P-1', orderingCollectionId: 'C-1' });
    expect(validateDraft(d)).toEqual([]);
  });
});

describe('links of every kind, checked by the shared rule', () => {
  it.each<[MarkerKind, string, Partial<MarkerDraft>, string]>([
    ['tag', 'link', { name: 'Chair', link: 'java\tscript:alert(1)' }, 'control-characters'],
    ['popup', 'link', { link: '\u0001javascript:alert(1)' }, 'control-characters'],
    ['pdf', 'link', { link: '/media/../atrium.sqlite' }, 'traversal'],
    ['gallery', 'photos.0', { photos: ['javascript:alert(1)'] }, 'http'],
    ['memo', 'link', { description: 'x', link: 'data:text/html,<b>' }, 'http'],
    ['arMakerTag', 'arTarget', { arTarget: 'https://ar.example.com/%2e%2e/x' }, 'traversal'],
  ])('refuses a bad %s %s and names the field', (type, field, extra, code) => {
    const issues = validateDraft(draft(type, { ...VALID[type], ...extra }));
    const issue = issues.find((i) => i.field === field);
    expect(issue, JSON.stringify(issues)).toBeDefined();
    expect(messageCode(issue!.message)).toBe(code);
  });
});
