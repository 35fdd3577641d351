import { describe, expect, it } from 'vitest';
import { EMBED_SITES_LIMIT } from '../../../protocol/embedSites.ts';
import { readEmbedSites } from './embedSitesDraft.ts';

describe('embed sites draft', () => {
  it('is the empty list for any site, whatever the text', () => {
    expect(readEmbedSites('anywhere', 'not a site')).toEqual({ sites: [] });
  });

  it('reads one site per line, in one spelling, once each', () => {
    expect(readEmbedSites('listed', ' https://Shop.example.com/\n\nhttps://*.example.org\r\nhttps://shop.example.com\n')).toEqual({ sites: ['https://shop.example.com', 'https://*.example.org'] });
  });

  it('names the first wrong line, and asks for a site when there is none', () => {
    expect(readEmbedSites('listed', 'https://ok.example\nexample.com\nftp://x')).toEqual({ problem: { kind: 'invalid', site: 'example.com' } });
    expect(readEmbedSites('listed', ' \n ')).toEqual({ problem: { kind: 'empty' } });
    const many = Array.from({ length: EMBED_SITES_LIMIT + 1 }, (_, i) => `https://s${i}.example`).join('\n');
    expect(readEmbedSites('listed', many)).toEqual({ problem: { kind: 'too-many', limit: EMBED_SITES_LIMIT } });
  });
});
