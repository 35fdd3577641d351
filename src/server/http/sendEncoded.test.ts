import { describe, expect, it } from 'vitest';
import { matchesETag, preferredEncoding } from './sendEncoded.ts';

describe('sendEncoded negotiation', () => {
  it('prefers br, then gzip, and honours q=0 refusals and the wildcard', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('BR;Q=0, GZIP;Q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('compares If-None-Match weakly, in a list, and accepts *', () => {
    const etag = 'W/"abc"';
    expect(matchesETag(undefined, etag)).toBe(false);
    expect(matchesETag('W/"abc"', etag)).toBe(true);
    expect(matchesETag('"abc"', etag)).toBe(true);
    expect(matchesETag('"x", W/"abc"', etag)).toBe(true);
    expect(matchesETag('"abcd"', etag)).toBe(false);
    expect(matchesETag('*', etag)).toBe(true);
  });
});
