import { describe, expect, it } from 'vitest';
import { TileManifestSchema } from '../../../protocol/tiles.ts';
import { buildManifest } from './buildManifest.ts';
import { faceSizeForEquirect, tileLevels } from './tileLevels.ts';

describe('buildManifest', () => {
  it('writes what TileManifestSchema accepts, for sources from the smallest to the largest', () => {
    for (const width of [64, 1000, 4096, 8192, 16384]) {
      const manifest = buildManifest(tileLevels(faceSizeForEquirect(width)), { width, height: width / 2, kind: 'equirect' });
      expect(TileManifestSchema.parse(manifest), String(width)).toEqual(manifest);
    }
    const cube = buildManifest(tileLevels(1500), { width: 1500, height: 1500, kind: 'cube' });
    expect(TileManifestSchema.parse(cube)).toEqual(cube);
  });

  it('fails the job on a manifest the viewer would refuse, naming the field', () => {
    expect(() => buildManifest([], { width: 8, height: 4, kind: 'equirect' })).toThrow(/levels/);
    expect(() => buildManifest(tileLevels(512), { width: 8.5, height: 4, kind: 'equirect' })).toThrow(/source\.width/);
  });
});
