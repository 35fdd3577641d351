import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressedFiles, registerClientFiles } from './clientFiles.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-client-files-'));
const write = (file: string, body: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), body);
};
write('assets/scene-1.js', 'scene');
write('assets/scene-1.js.br', 'scene as brotli');
write('assets/scene-1.js.gz', 'scene as gzip');
// Characters a glob would read as a pattern: still one file, one route.
write('assets/[lang]-2.json', 'catalog');
write('assets/[lang]-2.json.gz', 'catalog as gzip');
write('assets/poster-3.js', 'poster');
write('.vite/manifest.json', '{}');
write('.vite/manifest.json.br', '{} as brotli');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the client files', () => {
  it('lists those the build compressed, without its dot folders', () => {
    expect(precompressedFiles(dir).sort()).toEqual(['assets/[lang]-2.json', 'assets/scene-1.js']);
  });

  it('sends the build\'s compressed file for those, the file itself for the others', async () => {
    const app = Fastify();
    await registerClientFiles(app, dir);
    const get = (url: string) => app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect((await get('/assets/scene-1.js')).body).toBe('scene as brotli');
    expect((await get('/assets/%5Blang%5D-2.json')).body).toBe('catalog as gzip');
    const poster = await get('/assets/poster-3.js');
    expect([poster.body, poster.headers['content-encoding']]).toEqual(['poster', undefined]);
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    await app.close();
  });
});
