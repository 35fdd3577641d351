import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage, pageEncoding } from './pageCompression.ts';

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('BR ; q=0.1')).toBe('br');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('br;q=0, *')).toBe('gzip');
    expect(pageEncoding('gzip;q=0, br;q=0, *;q=1')).toBeNull();
    expect(pageEncoding(['deflate', 'gzip'])).toBe('gzip');
  });

  it('sends the page as it is without a usable encoding', () => {
    for (const header of [undefined, '', 'identity', 'deflate', '*;q=0', 'gzip;q=0']) expect(pageEncoding(header), String(header)).toBeNull();
  });
});

describe('compressPage', () => {
  const page = `<!doctype html><title>t</title>${'<p>panorama</p>'.repeat(200)}`;

  it('compresses with the chosen encoding, and the bytes come back as the page', async () => {
    const br = await compressPage(page, 'br');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(page);
    const gzip = await compressPage(page, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString('utf8')).toBe(page);
  });

  it('leaves small pages and clients without an encoding alone', async () => {
    expect(await compressPage('<p>hi</p>', 'br')).toEqual({ body: '<p>hi</p>', encoding: null });
    expect(await compressPage(page, undefined)).toEqual({ body: page, encoding: null });
  });
});
