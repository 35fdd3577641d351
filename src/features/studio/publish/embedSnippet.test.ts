import { describe, expect, it } from 'vitest';
import { parseViewerQuery } from '../../../protocol/viewerQuery.ts';
import { embedSnippet, normalizeSize, shareLink } from './embedSnippet.ts';

const base = { origin: 'https://tours.example.com', buildingId: 'Ab12Cd34Ef', width: '100%', height: '480', title: 'Harbour "loft" & garden' };

describe('publish: share link and embed snippet', () => {
  it('links to the tour for visitors', () => {
    expect(shareLink('https://tours.example.com/', 'Ab12Cd34Ef')).toBe('https://tours.example.com/Ab12Cd34Ef');
  });

  it('builds an iframe whose address the viewer reads back as the chosen switches', () => {
    const snippet = embedSnippet({ ...base, options: { hide: { hideComment: true, hideLike: true }, autorotateOff: true, shareHidden: true, locale: 'ja' } });
    expect(snippet).toMatch(/^<iframe [^<>]*><\/iframe>$/);
    const attr = (name: string) => {
      const raw = new RegExp(`\\s${name}="([^"]*)"`).exec(snippet)?.[1];
      return raw === undefined ? null : raw.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&amp;/g, '&');
    };
    const frame = { getAttribute: attr, hasAttribute: (name: string) => new RegExp(`\\s${name}(\\s|>|=)`).test(snippet) };
    const src = new URL(frame.getAttribute('src')!);
    expect(src.origin + src.pathname).toBe('https://tours.example.com/Ab12Cd34Ef');
    const q = parseViewerQuery(src.search);
    expect(q.allows).toMatchObject({ like: false, share: false, tourName: true });
    expect(q.overrides.comment).toBe('hide');
    expect(q).toMatchObject({ autorotate: false, locale: 'ja', autopilot: false });
    expect(frame.getAttribute('allow')).toBe('xr-spatial-tracking; fullscreen; gyroscope; accelerometer');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.getAttribute('title')).toBe('Harbour "loft" & garden');
    expect(frame.getAttribute('width')).toBe('100%');
    expect(frame.getAttribute('height')).toBe('480');
  });

  it('keeps sizes to pixels or percentages', () => {
    expect(normalizeSize('640px', '1')).toBe('640');
    expect(normalizeSize(' 75% ', '1')).toBe('75%');
    expect(normalizeSize('250%', '1')).toBe('100%');
    expect(normalizeSize('0', '480')).toBe('480');
    expect(normalizeSize('" onload="alert(1)', '480')).toBe('480');
  });
});
