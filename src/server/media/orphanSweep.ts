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
  /**
   * Panoramas still waiting for or in tiling on a shared queue: no row names their uploaded source yet, but a job
   * will read it (possibly hours later when the queue is long). Their folders are left whole.
   */
  inTiling?: ReadonlySet<string>;
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
  // Only what no row names is dated: a referenced tile set is never listed object by object.
  const old = async (relative: string) => now - (await storage.newestUnder(relative)) >= graceMs;
  const remove = async (relative: string) => {
    await storage.remove(relative);
    removed.push(relative);
  };

  const ids = options.panoramaIds ?? await storage.children('panoramas');
  for (const id of ids) {
    if (options.inTiling?.has(id)) continue;
    const folder = `panoramas/${id}`;
    const names = await storage.children(folder);
    let emptied = 0;
    for (const name of names) {
      if (!PARTIAL.test(name) && referenced.has(`${id}/${name}`)) continue;
      if (!(await old(`${folder}/${name}`))) continue;
      await remove(`${folder}/${name}`);
      emptied++;
    }
    // A panorama folder left empty goes too (a new job makes its own again); object storage has no empty folders.
    if (emptied === names.length && (emptied > 0 || (await old(folder)))) {
      if ((await storage.removeIfEmpty(folder)) && emptied === 0) removed.push(folder);
    }
  }

  // Half-copied files (the local store writes `<name>.partial-<random>` and renames) anywhere else.
  if (!options.panoramaIds) {
    // Object storage writes no `.partial-*` names (a PUT is whole or absent): no need to list the whole bucket.
    for (const top of storage.kind === 'local' ? await storage.children('') : []) {
      if (top === 'panoramas') continue;
      for (const name of await storage.children(top)) {
        if (PARTIAL.test(name) && (await old(`${top}/${name}`))) await remove(`${top}/${name}`);
      }
    }
    // Tile sets staged on local disk for object storage by a process that died.
    await storage.sweepStaging?.(graceMs);
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
