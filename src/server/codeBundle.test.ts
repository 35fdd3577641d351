import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundledFile, importBundled } from './codeBundle.mjs';

type Loaded = { answer: () => string } | undefined;
const load = (name: string, entry: string, cacheDir: string) => importBundled(name, entry, cacheDir) as Promise<Loaded>;

describe('a module run from its bundle', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atrium-bundle-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const write = async (file: string, text: string, secondsAgo: number) => {
    await writeFile(file, text);
    const at = new Date(Date.now() - secondsAgo * 1000);
    await utimes(file, at, at);
  };

  it('runs the TypeScript it was built from, and is built again once an imported file changes', async () => {
    const entry = join(dir, 'entry.ts');
    const part = join(dir, 'part.ts');
    await write(part, "export const word: string = 'first';\n", 60);
    await write(entry, "import { word } from './part.ts';\nexport const answer = (): string => word;\n", 60);
    expect((await load('demo', entry, join(dir, 'cache')))?.answer()).toBe('first');
    // Same size, other content: the modification time tells.
    await write(part, "export const word: string = 'again';\n", 30);
    expect((await load('demo', entry, join(dir, 'cache')))?.answer()).toBe('again');
  });

  it('is built again when its stamp was written by a builder that did not record itself', async () => {
    const entry = join(dir, 'entry.ts');
    await write(entry, "export const answer = (): string => 'built';\n", 60);
    const cache = join(dir, 'cache');
    const first = await bundledFile('demo', entry, cache);
    expect(await bundledFile('demo', entry, cache)).toBe(first);
    const stampFile = join(cache, 'demo.json');
    const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as { inputs: Record<string, string> };
    expect(Object.keys(stamp.inputs)).toContain('src/server/codeBundle.mjs');
    delete stamp.inputs['src/server/codeBundle.mjs'];
    await writeFile(stampFile, JSON.stringify(stamp));
    const rebuilt = await bundledFile('demo', entry, cache);
    expect(rebuilt).toBeDefined();
    expect(rebuilt).not.toBe(first);
  });

  it.each([
    ['no inputs', { bundle: 'demo.mjs' }],
    ['no bundle', { inputs: {} }],
    ['null', null],
    ['a number', 7],
  ])('is built again when its stamp is valid JSON of the wrong shape (%s)', async (_label, malformed) => {
    const entry = join(dir, 'entry.ts');
    await write(entry, "export const answer = (): string => 'built';\n", 60);
    const cache = join(dir, 'cache');
    const first = await bundledFile('demo', entry, cache);
    await writeFile(join(cache, 'demo.json'), JSON.stringify(malformed));
    const rebuilt = await bundledFile('demo', entry, cache);
    expect(rebuilt).toBeDefined();
    expect(rebuilt).not.toBe(first);
  });

  it('gives nothing (the caller falls back to tsx) when the entry cannot be built', async () => {
    await write(join(dir, 'broken.ts'), 'export const = ;\n', 60);
    expect(await load('broken', join(dir, 'broken.ts'), join(dir, 'cache'))).toBeUndefined();
  });
});
