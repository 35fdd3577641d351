import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import type { MediaStorage } from './mediaStorage.ts';

/**
 * Leftovers younger than this are kept: another process (a second server, `atrium import` beside the server) may be
 * tiling into them right now, or have published a tile set whose row it is about to write.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

export interface SweepOptions {
  graceMs?: number;
  now?: number;
  /** Only these panoramas' folders (after a failed job); every folder when absent. */
  panoramaIds?: readonly string[];
}

export interface SweepReport {
  /** Paths under the media folder that were removed. */
  removed: string[];
}

const PANORAMA_MEDIA = /\/media\/panoramas\/([^/\s"',]+)\/([^/\s"',?#]+)/g;
const PARTIAL = /\.partial-/;

/**
 * Removes what a killed or failed tiling or import left in the media folder: `.partial-*` folders and files, and
 * entries under `panoramas/<id>/` (tile set versions, raw copies) that no row references. Whatever a row mentions is
 * never touched (every URL column of panoramas, and the building and marker columns that may point into a tile set);
 * uploads under assets/ are left alone (the studio stores a file before a marker names it).
 */
export async function sweepOrphanMedia(db: Db, storage: MediaStorage, options: SweepOptions = {}): Promise<SweepReport> {
  const graceMs = options.graceMs ?? ORPHAN_GRACE_MS;
  const now = options.now ?? Date.now();
  const referenced = await referencedPanoramaEntries(db);
  const removed: string[] = [];
  const old = async (abs: string) => now - (await newestChange(abs)) >= graceMs;
  const remove = async (relative: string) => {
    await storage.remove(relative);
    removed.push(relative);
  };

  const panoramaRoot = storage.abs('panoramas');
  const ids = options.panoramaIds ?? (await list(panoramaRoot));
  for (const id of ids) {
    const folder = path.join(panoramaRoot, id);
    const entries = await list(folder);
    let emptied = 0;
    for (const entry of entries) {
      if (!PARTIAL.test(entry) && referenced.has(`${id}/${entry}`)) continue;
      if (!(await old(path.join(folder, entry)))) continue;
      await remove(path.join('panoramas', id, entry));
      emptied++;
    }
    // A panorama folder left empty goes too (a new job makes its own again).
    if ((await list(folder)).length === 0 && (emptied > 0 || (await old(folder)))) {
      await fs.rmdir(folder).catch(() => undefined);
      if (emptied === 0) removed.push(path.join('panoramas', id));
    }
  }

  // Half-copied files (MediaStorage writes `<name>.partial-<random>` and renames) anywhere else.
  if (!options.panoramaIds) {
    for (const top of await list(storage.root)) {
      if (top === 'panoramas') continue;
      const dir = storage.abs(top);
      if (!(await isDirectory(dir))) continue;
      for (const entry of await list(dir)) {
        if (PARTIAL.test(entry) && (await old(path.join(dir, entry)))) await remove(path.join(top, entry));
      }
    }
  }
  return { removed };
}

/** `<panoramaId>/<entry>` of every tile set folder and raw file a row mentions. */
async function referencedPanoramaEntries(db: Db): Promise<Set<string>> {
  const [panoramas, buildings, markers] = await Promise.all([
    db.selectFrom('panoramas').select(['cubemapFilePath', 'cubemapUrl', 'cubemapPreviewUrl', 'rawUrl', 'adjustedRawUrl', 'desktopUrl', 'previewUrl', 'thumbnail']).execute(),
    db.selectFrom('buildings').select(['thumbnail', 'floorplan', 'logoUrl', 'meta', 'introAssetsAttribute']).execute(),
    db.selectFrom('markers').select(['photo', 'iconUrl', 'link', 'attributes', 'multitagInfo']).where((eb) => eb.or([
      eb('photo', 'like', '%/media/panoramas/%'), eb('iconUrl', 'like', '%/media/panoramas/%'), eb('link', 'like', '%/media/panoramas/%'),
      eb('attributes', 'like', '%/media/panoramas/%'), eb('multitagInfo', 'like', '%/media/panoramas/%'),
    ])).execute(),
  ]);
  const out = new Set<string>();
  for (const row of [...panoramas, ...buildings, ...markers]) {
    for (const value of Object.values(row)) {
      if (typeof value !== 'string') continue;
      // A tile set folder URL has no trailing slash: `/media/panoramas/<id>/<version>`.
      for (const m of `${value} `.matchAll(PANORAMA_MEDIA)) out.add(`${m[1]}/${m[2]}`);
    }
  }
  return out;
}

async function list(dir: string): Promise<string[]> {
  return fs.readdir(dir).catch(() => [] as string[]);
}

async function isDirectory(p: string): Promise<boolean> {
  return (await fs.stat(p).catch(() => null))?.isDirectory() ?? false;
}

/** The latest modification inside a file or folder (a job writing deep inside keeps its whole folder young). */
async function newestChange(p: string): Promise<number> {
  const stat = await fs.lstat(p).catch(() => null);
  if (!stat) return 0;
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of await list(p)) newest = Math.max(newest, await newestChange(path.join(p, entry)));
  }
  return newest;
}
