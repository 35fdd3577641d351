import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTileManifest } from './readTileManifest.ts';
import { TileManifestSchema } from './tiles.ts';

const DEMO = fileURLToPath(new URL('../server/demo/harbour-house/tiled/', import.meta.url));
const demoManifests = fs.readdirSync(DEMO).map((room) => JSON.parse(fs.readFileSync(path.join(DEMO, room, 'manifest.json'), 'utf8')) as unknown);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value in the manifest (objects' keys and arrays' indexes), leaves and branches. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [prefix, ...keys.flatMap((k) => paths((value as Record<string | number, Json>)[k]!, [...prefix, k]))];
}

function withValue(manifest: Json, at: (string | number)[], value: Json | undefined): Json {
  const copy = structuredClone(manifest) as Record<string | number, Json>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = at.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** The schema's answer and the reader's: the same manifest, or both refuse. */
function agree(input: unknown): void {
  const expected = TileManifestSchema.safeParse(input);
  if (expected.success) expect(readTileManifest(input)).toEqual(expected.data);
  else expect(() => readTileManifest(input), JSON.stringify(expected.error.issues[0])).toThrow(/tile manifest/);
}

const BAD_VALUES: (Json | undefined)[] = [undefined, null, 0, -1, 1.5, 2 ** 53, '', 'x', 'webp', 'equirect', 'd', true, [], {}];

describe('readTileManifest (the viewer reads a manifest without zod)', () => {
  it('reads every committed demo manifest as the schema does', () => {
    expect(demoManifests.length).toBeGreaterThan(0);
    for (const manifest of demoManifests) agree(manifest);
  });

  it('agrees with the schema on every field replaced by a wrong value or removed', () => {
    const manifest = demoManifests[0] as Json;
    for (const at of paths(manifest).filter((p) => p.length > 0)) {
      for (const value of BAD_VALUES) agree(withValue(manifest, at, value));
    }
  });

  it('drops keys the schema does not know, as the schema does', () => {
    const manifest = { ...(demoManifests[0] as object), extra: 1, firstView: { ...(demoManifests[0] as { firstView: object }).firstView, extra: 2 } };
    agree(manifest);
    expect(readTileManifest(manifest)).not.toHaveProperty('extra');
  });

  it('names the field that is wrong', () => {
    const manifest = demoManifests[0] as Json;
    expect(() => readTileManifest(withValue(manifest, ['levels', 0, 'faceSize'], 0))).toThrow('tile manifest: levels[0].faceSize must be an integer >= 1');
    expect(() => readTileManifest(withValue(manifest, ['faceOrder', 2], 'x'))).toThrow('tile manifest: faceOrder[2] must be one of f, r, b, l, u, d');
    expect(() => readTileManifest('<html>')).toThrow('tile manifest: the manifest must be an object');
  });
});
