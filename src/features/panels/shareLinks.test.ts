import { describe, expect, it } from 'vitest';
import { SHARE_NETWORKS, shareUrl, tourLinkWithRef } from './shareLinks.ts';

describe('share links', () => {
  it('tags the tour address with its source, replacing an earlier ref', () => {
    expect(tourLinkWithRef('https://a.test/t1?index=2&ref=facebook', 'qrcode')).toBe('https://a.test/t1?index=2&ref=qrcode');
  });

  it('gives every network a link that carries its own ref', () => {
    for (const network of SHARE_NETWORKS) {
      const url = shareUrl(network, 'https://a.test/t1', 'Tour');
      expect(decodeURIComponent(url)).toContain(`https://a.test/t1?ref=${network}`);
    }
  });
});
