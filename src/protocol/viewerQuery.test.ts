import { describe, it, expect } from 'vitest';
import { DEFAULT_ROTATION_ANGLE, LINK_SOURCES } from './constants.ts';
import {
  HIDE_SWITCHES, SHOW_SWITCHES, isKnownLinkSource, isVisible, normalizeLinkSource, parseViewerQuery,
  replacePanoramaWithIndex, withoutParams,
} from './viewerQuery.ts';

describe('parseViewerQuery defaults', () => {
  it('gives the defaults for an empty address', () => {
    const q = parseViewerQuery('');
    expect(q).toMatchObject({
      group: null, index: null, panorama: null, ref: null, linkSource: 'direct', locale: null, uiMode: false,
      panoramaList: true, tagsOnly: false, title: null, autopilotAngle: DEFAULT_ROTATION_ANGLE, autopilot: false,
      autorotate: true, embed: { disableBackground: false, onlyForVRmaker: false },
      overrides: { comment: null, fullscreen: null, search: null },
    });
    expect(Object.values(q.switches).every((value) => value === false)).toBe(true);
    expect(Object.values(q.allows).every((value) => value === true)).toBe(true);
  });

  it('accepts URLSearchParams, "?x", "x" and whole addresses alike', () => {
    const expected = { group: 'g1', index: 2 };
    expect(parseViewerQuery(new URLSearchParams('group=g1&index=2'))).toMatchObject(expected);
    expect(parseViewerQuery('?group=g1&index=2')).toMatchObject(expected);
    expect(parseViewerQuery('group=g1&index=2')).toMatchObject(expected);
    expect(parseViewerQuery('https://tours.example/abc?group=g1&index=2#top')).toMatchObject(expected);
    expect(parseViewerQuery('/abc?group=g1&index=2')).toMatchObject(expected);
    expect(parseViewerQuery('/abc').group).toBeNull();
    expect(parseViewerQuery('https://tours.example/abc').group).toBeNull();
  });

  it('never throws on garbage', () => {
    for (const junk of ['%', '?%E0%A4%A', '&&&==', '?index=%00', '#?group=x', '?'.repeat(5000), '?a=1&a=2&a']) {
      expect(() => parseViewerQuery(junk)).not.toThrow();
    }
  });
});

describe('ids, index and text', () => {
  it('reads group and panorama ids and rejects ids that are not ids', () => {
    expect(parseViewerQuery('?group=Prop_01-x&panorama=pano42')).toMatchObject({ group: 'Prop_01-x', panorama: 'pano42' });
    expect(parseViewerQuery('?group=&panorama=')).toMatchObject({ group: null, panorama: null });
    expect(parseViewerQuery('?group=a%20b&panorama=<script>')).toMatchObject({ group: null, panorama: null });
    expect(parseViewerQuery(`?group=${'x'.repeat(65)}`).group).toBeNull();
  });

  it('uses the first of repeated parameters', () => {
    expect(parseViewerQuery('?group=first&group=second').group).toBe('first');
  });

  it.each([
    ['1', 1], ['7', 7], [' 3 ', 3], ['0', null], ['-1', null], ['1.5', null], ['1e2', null], ['abc', null],
    ['', null], ['01', null], ['+2', null], ['99999999999999999999', null],
  ])('index=%j gives %j', (value, expected) => {
    expect(parseViewerQuery(`?index=${encodeURIComponent(value)}`).index).toBe(expected);
  });

  it('reads title and locale, trimming blanks', () => {
    const q = parseViewerQuery('?title=%20Acme%20Homes%20&locale=zh-TW');
    expect(q.title).toBe('Acme Homes');
    expect(q.locale).toBe('zh-TW');
    expect(parseViewerQuery('?title=%20%20').title).toBeNull();
    expect(parseViewerQuery(`?title=${'t'.repeat(201)}`).title).toBeNull();
  });

  it.each([['en', 'en'], ['pt_BR', 'pt_BR'], ['zh-Hant-TW', 'zh-Hant-TW'], ['x', null], ['../etc', null], ['en;drop', null]])(
    'locale=%j gives %j', (value, expected) => {
      expect(parseViewerQuery(`?locale=${encodeURIComponent(value)}`).locale).toBe(expected);
    },
  );
});

describe('autopilotAngle', () => {
  it.each([
    ['90', 90], ['-45', -45], ['180.5', 180.5], ['.5', 0.5], ['720', 720], ['0', 0],
    ['', DEFAULT_ROTATION_ANGLE], ['abc', DEFAULT_ROTATION_ANGLE], ['Infinity', DEFAULT_ROTATION_ANGLE],
    ['1e400', DEFAULT_ROTATION_ANGLE], ['NaN', DEFAULT_ROTATION_ANGLE], ['90deg', DEFAULT_ROTATION_ANGLE],
    ['0x10', DEFAULT_ROTATION_ANGLE],
  ])('autopilotAngle=%j gives %j', (value, expected) => {
    expect(parseViewerQuery(`?autopilotAngle=${encodeURIComponent(value)}`).autopilotAngle).toBe(expected);
  });

  it('defaults to 360 when absent', () => {
    expect(DEFAULT_ROTATION_ANGLE).toBe(360);
    expect(parseViewerQuery('?index=1').autopilotAngle).toBe(360);
  });
});

describe('ref and link sources', () => {
  it.each(LINK_SOURCES.map((source) => [source]))('ref=%s is tracked as itself', (source) => {
    expect(parseViewerQuery(`?ref=${source}`)).toMatchObject({ ref: source, linkSource: source });
  });

  it.each([
    ['yc-fullscreen', 'yc'], ['QRCODE', 'qrcode'], ['newsletter', 'direct'], ['', 'direct'], ['line-x', 'line'],
    ['x-facebook', 'direct'],
  ])('ref=%j counts as %j', (ref, expected) => {
    expect(parseViewerQuery(`?ref=${ref}`).linkSource).toBe(expected);
  });

  it('keeps the raw ref and says direct without one', () => {
    expect(parseViewerQuery('?ref=newsletter').ref).toBe('newsletter');
    expect(normalizeLinkSource(null)).toBe('direct');
    expect(normalizeLinkSource(undefined)).toBe('direct');
  });

  it('recognises exactly the spec link sources', () => {
    expect(isKnownLinkSource('whatsapp')).toBe(true);
    expect(isKnownLinkSource('yc-fullscreen')).toBe(false);
    expect(isKnownLinkSource('direct')).toBe(false);
    expect(isKnownLinkSource(42)).toBe(false);
  });
});

describe('modes', () => {
  it.each([
    ['ui=true', 'uiMode', true], ['ui=TRUE', 'uiMode', true], ['ui=1', 'uiMode', false], ['ui=yes', 'uiMode', false],
    ['panobar=false', 'panoramaList', false], ['panobar=0', 'panoramaList', false], ['panobar=true', 'panoramaList', true],
    ['panobar=nope', 'panoramaList', true],
    ['tags=false', 'tagsOnly', true], ['tags=true', 'tagsOnly', false], ['tags=', 'tagsOnly', false],
    ['autopilot=true', 'autopilot', true], ['autopilot=false', 'autopilot', false], ['autopilot=1', 'autopilot', false],
    ['autorotate=false', 'autorotate', false], ['autorotate=true', 'autorotate', true], ['autorotate=x', 'autorotate', true],
  ] as const)('%s gives %s=%s', (query, field, expected) => {
    expect(parseViewerQuery(`?${query}`)[field]).toBe(expected);
  });

  it('reads the embed options only with the value true', () => {
    expect(parseViewerQuery('?disableBackground=true&onlyForVRmaker=true').embed)
      .toEqual({ disableBackground: true, onlyForVRmaker: true });
    expect(parseViewerQuery('?disableBackground=false&onlyForVRmaker=maybe').embed)
      .toEqual({ disableBackground: false, onlyForVRmaker: false });
  });
});

describe('display switches', () => {
  it.each([...HIDE_SWITCHES, ...SHOW_SWITCHES].map((name) => [name]))('%s=true sets only that switch', (name) => {
    const { switches } = parseViewerQuery(`?${name}=true`);
    expect(switches[name]).toBe(true);
    expect(Object.entries(switches).filter(([, on]) => on).map(([key]) => key)).toEqual([name]);
  });

  it.each([['true', true], ['True', true], ['1', true], ['', true], ['false', false], ['0', false], ['yes', false]])(
    'hideLike=%j sets the switch: %s', (value, expected) => {
      expect(parseViewerQuery(`?hideLike=${value}`).switches.hideLike).toBe(expected);
    },
  );

  it('treats a bare flag as set', () => {
    expect(parseViewerQuery('?hideGyro').switches.hideGyro).toBe(true);
  });

  it('turns single hide switches into what the address allows', () => {
    const q = parseViewerQuery(
      '?hidePoweredBy=true&hideContactInfo=true&hideLTName=true&hideViewNum=true&hideLike=true&hideVRMode=true'
      + '&hideGyro=true&share=hidden',
    );
    expect(q.allows).toEqual({
      poweredBy: false, contactInfo: false, tourName: false, viewCount: false, like: false, vrMode: false,
      gyro: false, share: false,
    });
  });

  it('hides share only with share=hidden', () => {
    expect(parseViewerQuery('?share=HIDDEN').switches.shareHidden).toBe(true);
    expect(parseViewerQuery('?share=true').allows.share).toBe(true);
    expect(parseViewerQuery('?share=false').allows.share).toBe(true);
  });

  it.each([
    ['comment', 'hideComment', 'showComment'],
    ['fullscreen', 'hideFullscreen', 'showFullscreen'],
    ['search', 'hideSearch', 'showSearch'],
  ] as const)('%s: show forces on, hide forces off, hide wins over show', (element, hide, show) => {
    expect(parseViewerQuery(`?${show}=true`).overrides[element]).toBe('show');
    expect(parseViewerQuery(`?${hide}=true`).overrides[element]).toBe('hide');
    expect(parseViewerQuery(`?${show}=true&${hide}=true`).overrides[element]).toBe('hide');
    expect(parseViewerQuery(`?${show}=false`).overrides[element]).toBeNull();
  });

  it('resolves visibility against the product default', () => {
    expect(isVisible(null, true)).toBe(true);
    expect(isVisible(null, false)).toBe(false);
    expect(isVisible('show', false)).toBe(true);
    expect(isVisible('hide', true)).toBe(false);
    const q = parseViewerQuery('?showComment=true&hideSearch=true');
    expect(isVisible(q.overrides.comment, false)).toBe(true);
    expect(isVisible(q.overrides.search, true)).toBe(false);
    expect(isVisible(q.overrides.fullscreen, true)).toBe(true);
  });
});

describe('withoutParams', () => {
  it('removes ref from an absolute address, keeping the rest', () => {
    expect(withoutParams('https://tours.example/abc?index=2&ref=qrcode#info', ['ref']))
      .toBe('https://tours.example/abc?index=2#info');
    expect(withoutParams(new URL('https://tours.example/abc?ref=line'), ['ref'])).toBe('https://tours.example/abc');
  });

  it('answers a path for a path, and removes every copy and every name', () => {
    expect(withoutParams('/abc?ref=a&group=g&ref=b&title=x', ['ref', 'title'])).toBe('/abc?group=g');
  });

  it('leaves an address without those parameters untouched', () => {
    expect(withoutParams('/abc?title=A%20B', ['ref'])).toBe('/abc?title=A%20B');
  });
});

describe('replacePanoramaWithIndex', () => {
  it('swaps panorama for index and keeps other parameters', () => {
    expect(replacePanoramaWithIndex('?group=g&panorama=p1&ref=qrcode', 3)).toBe('?group=g&ref=qrcode&index=3');
  });

  it('overwrites an existing index and works from URLSearchParams', () => {
    const params = new URLSearchParams('panorama=p1&index=9');
    expect(replacePanoramaWithIndex(params, 1)).toBe('?index=1');
    expect(params.get('panorama')).toBe('p1');
  });

  it('rejects an index that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => replacePanoramaWithIndex('', bad)).toThrow(RangeError);
  });

  it('round-trips through the parser', () => {
    const q = parseViewerQuery(replacePanoramaWithIndex('?panorama=p1', 4));
    expect(q).toMatchObject({ panorama: null, index: 4 });
  });
});
