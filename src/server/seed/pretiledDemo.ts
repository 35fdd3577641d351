import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, TileManifestSchema, type TileManifest } from '../../protocol/tiles.ts';
import { DEMO_TOUR_DIR } from '../demo/demoTourDir.ts';
import type { TileFn } from '../import/importTour.ts';
import { tilePanorama } from '../media/tiler/index.ts';

/**
 * The demo's tile pyramids are committed too (harbour-house/tiled/<panorama>/, 1.3 MB each), so a
 * first start copies them instead of tiling six panoramas (about 7 s of CPU on 2 cores). Only what
 * the tiler makes from the panorama is kept there; desktop.jpg and adjusted.jpg are the panorama
 * itself (a metadata-free progressive JPEG, which the tiler would keep as it is: reusableSource.ts).
 */
const TILED_DIR = path.join(DEMO_TOUR_DIR, 'tiled');
const SOURCE_COPIES = ['desktop.jpg', 'adjusted.jpg'] as const;

export function pretiledDir(panoramaFile: string): string {
  return path.join(TILED_DIR, path.basename(panoramaFile, path.extname(panoramaFile)));
}

/** `npm run demo:render`: tiles a committed panorama into tiled/<panorama>/, the copies of the source left out. */
export async function writePretiled(panoramaFile: string): Promise<void> {
  const target = pretiledDir(panoramaFile);
  await fs.rm(target, { recursive: true, force: true });
  await tilePanorama({ kind: 'equirect', file: panoramaFile }, target);
  for (const copy of SOURCE_COPIES) await fs.rm(path.join(target, copy));
}

/**
 * The import's tiler for the committed demo: a panorama of harbour-house/panoramas with a committed
 * pyramid is copied (into a partial folder renamed at the end, as the tiler does); anything else is
 * tiled by `tile`.
 */
export function withPretiledDemo(tile: TileFn): TileFn {
  return async (input, outDir, opts) => {
    const committed = input.kind === 'equirect' ? committedPyramid(input.file) : null;
    return committed && input.kind === 'equirect' ? copyPretiled(input.file, committed, outDir) : tile(input, outDir, opts);
  };
}

/** The committed pyramid of a panorama of harbour-house/panoramas, or null. */
function committedPyramid(file: string): string | null {
  if (path.dirname(path.resolve(file)) !== path.join(DEMO_TOUR_DIR, 'panoramas')) return null;
  const dir = pretiledDir(file);
  return existsSync(path.join(dir, MANIFEST_FILE)) ? dir : null;
}

async function copyPretiled(source: string, committed: string, outDir: string): Promise<TileManifest> {
  const manifest = TileManifestSchema.parse(JSON.parse(await fs.readFile(path.join(committed, MANIFEST_FILE), 'utf8')));
  await fs.mkdir(path.dirname(outDir), { recursive: true });
  const temp = `${outDir}.partial-${randomBytes(6).toString('hex')}`;
  try {
    await fs.cp(committed, temp, { recursive: true });
    for (const copy of SOURCE_COPIES) await fs.copyFile(source, path.join(temp, copy));
    await fs.rename(temp, outDir);
    return manifest;
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw error;
  }
}
