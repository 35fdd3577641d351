import { describe, expect, it } from 'vitest';
import { EMBED_SITES_LIMIT, EmbedSitesSchema, normalizeEmbedSite } from './embedSites.ts';

describe('embed sites', () => {
  it('takes site addresses and spells them one way', () => {
    expect(normalizeEmbedSite(' https://WWW.Example.com/ ')).toBe('https://www.example.com');
    expect(normalizeEmbedSite('https://*.example.com')).toBe('https://*.example.com');
    expect(normalizeEmbedSite('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeEmbedSite('https://shop.example.co.uk:443')).toBe('https://shop.example.co.uk');
    expect(normalizeEmbedSite('https://xn--bcher-kva.example')).toBe('https://xn--bcher-kva.example');
  });

  it('refuses what is not a site address', () => {
    for (const bad of [
      '*', 'https://*', 'https://*.com', 'example.com', 'ftp://example.com', 'javascript:alert(1)', 'https://example.com/page',
      'https://example.com?x=1', 'https://user@example.com', 'https://exa mple.com', 'https://example.com:0', 'https://example.com:99999',
      "https://example.com 'unsafe-inline'", 'https://example.com;script-src *', 'https://-bad.example.com', 'https://ex\u0000ample.com', '',
    ]) expect(normalizeEmbedSite(bad), bad).toBeNull();
  });

  it('keeps a list within the limit, once each', () => {
    expect(EmbedSitesSchema.parse(['https://a.example', 'https://A.example/', 'https://b.example'])).toEqual(['https://a.example', 'https://b.example']);
    expect(EmbedSitesSchema.safeParse(Array.from({ length: EMBED_SITES_LIMIT + 1 }, (_, i) => `https://s${i}.example`)).success).toBe(false);
    const wrong = EmbedSitesSchema.safeParse(['https://a.example', 'not a site']);
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual([1]);
  });
});
