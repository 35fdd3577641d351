import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe('serving media, the client and compressed JSON', () => {
  let db: TestDatabase;
  let t: TestApp;
  const audio = Buffer.alloc(50_000, 7);
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle, { withClient: true });
    // Tile sets are served only while a panorama row publishes them.
    await db.handle.db.updateTable('panoramas').set({ cubemapFilePath: '/media/panoramas/p1/v1' }).where('id', '=', SEED.panoA).execute();
    const dir = path.join(t.mediaDir, 'panoramas', 'p1', 'v1', 'tiles', '0', 'f');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '0_0.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    fs.writeFileSync(path.join(t.mediaDir, 'panoramas', 'p1', 'v1', 'manifest.json'), JSON.stringify({ version: 1, pad: 'x'.repeat(4000) }));
    fs.mkdirSync(path.join(t.mediaDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(t.mediaDir, 'assets', 'chime.wav'), audio);
  });
  afterAll(async () => {
    await t.cleanup();
    await db.drop();
  });

  it('serves tiles as immutable with ETags and the right content type, and revalidates', async () => {
    const res = await t.app.inject({ url: '/media/panoramas/p1/v1/tiles/0/f/0_0.jpg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/media/panoramas/p1/v1/tiles/0/f/0_0.jpg', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers range requests for audio and video seeking', async () => {
    const res = await t.app.inject({ url: '/media/assets/chime.wav', headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(res.rawPayload.length).toBe(100);
    expect(res.headers['content-type']).toMatch(/audio\/(wav|x-wav|wave)/);
  });

  it('never serves files outside the media folder', async () => {
    for (const url of ['/media/..%2f..%2f..%2fetc%2fpasswd', '/media/%2e%2e/%2e%2e/etc/passwd', '/media/assets/../../../../etc/passwd']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).not.toContain('root:');
      expect(res.headers['content-type'] ?? '', url).not.toContain('image');
    }
  });

  it('compresses JSON for clients that accept it', async () => {
    const res = await t.app.inject({ url: `/v2/buildings/openLink/${SEED.tour}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const manifest = await t.app.inject({ url: '/media/panoramas/p1/v1/manifest.json', headers: { 'accept-encoding': 'br' } });
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toContain('application/json');
  });

  it('puts a deep link\'s tour into the page, escaped so no value can break out of the script', async () => {
    await db.handle.db.updateTable('buildings').set({ name: '</script><script>alert(1)</script>' }).where('id', '=', SEED.tour).execute();
    const page = await t.app.inject({ url: `/${SEED.tour}?index=2`, headers: { accept: 'text/html' } });
    const match = /<script id="atrium-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(page.body);
    expect(match).not.toBeNull();
    expect(page.body).not.toContain('<script>alert(1)');
    const data = JSON.parse(match![1]!);
    expect(data.openLink).toMatchObject({ id: SEED.tour, status: 200, body: { objectId: SEED.tour, name: '</script><script>alert(1)</script>' } });
    const hidden = await t.app.inject({ url: `/${SEED.hiddenTour}` });
    expect(JSON.parse(/atrium-bootstrap" type="application\/json">(.*?)<\/script>/s.exec(hidden.body)![1]!).openLink).toMatchObject({ status: 403, body: { code: 'TOUR_HIDDEN' } });
    const login = await t.app.inject({ url: '/login' });
    expect(login.body).not.toContain('atrium-bootstrap');
  });

  it('answers deep links with the client page and caches hashed assets for a year', async () => {
    for (const url of [`/${SEED.tour}`, `/${SEED.tour}/partner`, '/tour-ring/abc', '/login', '/signup', '/']) {
      const page = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('Atrium test client');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    // Asked with HEAD (link checkers, link previews): the page's answer without its body, not a 404.
    const head = await t.app.inject({ method: 'HEAD', url: `/${SEED.tour}`, headers: { accept: 'text/html' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('compresses pages as the client asks (brotli, else gzip), the scripts too, and says the answer varies with it', async () => {
    const url = `/${SEED.tour}`;
    const plain = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The tour inlined: big enough to be worth compressing (the demo tour's page is ~42 kB).
    expect(plain.body).toContain('atrium-bootstrap');
    const br = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers.vary)).toMatch(/accept-language/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const html = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    // Each answer has its own nonce; everything else is the same page.
    const withoutNonce = (text: string) => text.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonce(html)).toBe(withoutNonce(plain.body));
    const gzip = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(withoutNonce(zlib.gunzipSync(gzip.rawPayload).toString('utf8'))).toBe(withoutNonce(plain.body));
    const identity = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(withoutNonce(identity.body)).toBe(withoutNonce(plain.body));
    // The scripts are files served by a route, compressed by @fastify/compress.
    const script = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(script.headers['content-encoding']).toBe('br');
  });
});

describe('serving the build\'s precompressed files', () => {
  let db: TestDatabase;
  let t: TestApp;
  // A chunk as the build leaves it: the script and, beside it, its brotli 11 and gzip 9 files (vite.config.ts).
  const script = Buffer.from(`export const words = ${JSON.stringify(Array.from({ length: 4000 }, (_, i) => `word${i % 97}`))};\n`);
  const br = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = zlib.gzipSync(script, { level: 9 });
  // A chunk under the build's 10 kB threshold: nothing beside it.
  const smallScript = Buffer.from(`export const few = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word${i % 97}`))};\n`);
  let clientDir: string;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'scene-abc123.js'), script);
    fs.writeFileSync(path.join(clientDir, 'assets', 'scene-abc123.js.br'), br);
    fs.writeFileSync(path.join(clientDir, 'assets', 'scene-abc123.js.gz'), gz);
    fs.writeFileSync(path.join(clientDir, 'assets', 'poster-abc123.js'), smallScript);
    t = await createTestApp(db.handle, { config: { clientDir } });
  });
  afterAll(async () => {
    await t.cleanup();
    await db.drop();
  });

  it('sends the brotli or gzip file as it is to a browser that accepts it, as a script cached for a year', async () => {
    for (const [accept, encoding, body] of [['gzip, deflate, br, zstd', 'br', br], ['gzip', 'gzip', gz]] as const) {
      const res = await t.app.inject({ url: '/assets/scene-abc123.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // The very bytes the build wrote: not compressed again on the fly (brotli 4 would differ and be larger).
      expect(res.rawPayload.equals(body), `${encoding} body`).toBe(true);
    }
  });

  it('sends the script itself to a client that accepts no compression', async () => {
    const res = await t.app.inject({ url: '/assets/scene-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(script)).toBe(true);
  });

  it('looks for no .br or .gz beside a smaller file, which it still compresses on the fly', async () => {
    const stat = vi.spyOn(fs, 'stat');
    try {
      const res = await t.app.inject({ url: '/assets/poster-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(res.rawPayload).equals(smallScript)).toBe(true);
      // The file itself, once: not poster-abc123.js.br, .gz and .deflate first (three misses per request).
      const looked = stat.mock.calls.map(([file]) => String(file)).filter((file) => file.includes('poster-abc123'));
      expect(looked).toEqual([path.join(clientDir, 'assets', 'poster-abc123.js')]);
    } finally {
      stat.mockRestore();
    }
  });
});
