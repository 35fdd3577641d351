import { describe, expect, it } from 'vitest';
import { HIDE_SWITCHES, parseViewerQuery, serializeViewerQuery, type ViewerQueryOptions } from './viewerQuery.ts';

describe('serializeViewerQuery', () => {
  it('writes nothing for no options, and the parser reads the defaults back', () => {
    expect(serializeViewerQuery({})).toBe('');
    expect(parseViewerQuery(serializeViewerQuery({}))).toEqual(parseViewerQuery(''));
  });

  it('round-trips every switch through the parser', () => {
    const options: ViewerQueryOptions = {
      hide: Object.fromEntries(HIDE_SWITCHES.map((name) => [name, true])),
      shareHidden: true, autopilot: true, autorotateOff: true, panoramaListOff: true, tagsOnly: true,
      disableBackground: true, onlyForVRmaker: true, locale: 'zh-TW',
    };
    const q = parseViewerQuery(serializeViewerQuery(options));
    for (const name of HIDE_SWITCHES) expect(q.switches[name], name).toBe(true);
    expect(q.allows).toEqual({ poweredBy: false, contactInfo: false, tourName: false, viewCount: false, like: false, vrMode: false, gyro: false, share: false });
    expect(q.overrides).toEqual({ comment: 'hide', fullscreen: 'hide', search: 'hide' });
    expect(q).toMatchObject({ autopilot: true, autorotate: false, panoramaList: false, tagsOnly: true, locale: 'zh-TW', embed: { disableBackground: true, onlyForVRmaker: true } });
  });

  it('round-trips each switch alone, touching nothing else', () => {
    const base = parseViewerQuery('');
    for (const name of HIDE_SWITCHES) {
      const q = parseViewerQuery(serializeViewerQuery({ hide: { [name]: true } }));
      expect(q.switches).toEqual({ ...base.switches, [name]: true });
    }
    expect(parseViewerQuery(serializeViewerQuery({ autorotateOff: true })).autorotate).toBe(false);
    expect(parseViewerQuery(serializeViewerQuery({ shareHidden: true })).allows.share).toBe(false);
  });

  it('uses the parser names and values people read in the snippet', () => {
    expect(serializeViewerQuery({ hide: { hideLike: true }, shareHidden: true, autorotateOff: true, panoramaListOff: true, locale: 'fr' }))
      .toBe('?hideLike=true&share=hidden&autorotate=false&panobar=false&locale=fr');
    expect(serializeViewerQuery({ locale: 'x"><script>' })).toBe('');
  });
});
