import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assetKey, panoramaVersionKey, toKey, type MediaRead, type MediaStorage, type StoredObject, type TileSetStage } from './mediaStorage.ts';

/**
 * Media on local disk under DATA_DIR/media, served at /media/ by the static files plugin (sendfile, ranges, ETags).
 * Every write lands under a temporary `.partial-<random>` name and is renamed into place, and the tiler renames its
 * whole folder in one step: rename(2) is atomic, so a reader never sees half a file or half a tile set.
 */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;

  constructor(readonly root: string, readonly urlPrefix = '/media') {
    fs.mkdirSync(root, { recursive: true });
  }

  get location(): string {
    return this.root;
  }

  url(relative: string): string {
    return `${this.urlPrefix}/${toKey(relative)}`;
  }

  /** The file's place on disk; only this store's own users (the static route, tests) need it. */
  abs(relative: string): string {
    const resolved = path.resolve(this.root, toKey(relative));
    if (resolved !== path.resolve(this.root) && !resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`${relative} is outside the media folder`);
    return resolved;
  }

  panoramaVersionDir(panoramaId: string, version: string): string {
    return panoramaVersionKey(panoramaId, version);
  }

  async storeAsset(file: string): Promise<{ relative: string; url: string }> {
    const relative = await assetKey(file);
    await this.copyAtomically(file, relative);
    return { relative, url: this.url(relative) };
  }

  async copyAtomically(file: string, relative: string, opts: { replace?: boolean } = {}): Promise<void> {
    const target = this.abs(relative);
    if (!opts.replace && fs.existsSync(target)) return;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.partial-${randomBytes(6).toString('hex')}`;
    try {
      await fs.promises.copyFile(file, temp);
      await fs.promises.rename(temp, target);
    } catch (error) {
      await fs.promises.rm(temp, { force: true });
      throw error;
    }
  }

  /** The tiler writes straight into the final folder's place: it makes a `.partial-` sibling and renames it itself. */
  async stageTileSet(relative: string): Promise<TileSetStage> {
    const dir = this.abs(relative);
    return { dir, publish: async () => undefined, discard: () => fs.promises.rm(dir, { recursive: true, force: true }) };
  }

  async stat(relative: string): Promise<StoredObject | null> {
    const s = await fs.promises.stat(this.abs(relative)).catch(() => null);
    return s?.isFile() ? { relative: toKey(relative), size: s.size, modified: s.mtimeMs } : null;
  }

  async read(relative: string, range?: { start: number; end: number }): Promise<MediaRead | null> {
    const found = await this.stat(relative);
    if (!found) return null;
    return { body: fs.createReadStream(this.abs(relative), range ? { start: range.start, end: range.end } : {}), size: found.size };
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const base = this.abs(prefix);
    const walk = async function* (dir: string): AsyncGenerator<StoredObject> {
      const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [] as fs.Dirent[]);
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* walk(full);
        else if (entry.isFile()) {
          const s = await fs.promises.stat(full).catch(() => null);
          if (s) yield { relative: toKey(path.relative(root, full)), size: s.size, modified: s.mtimeMs };
        }
      }
    };
    const root = this.root;
    const single = await fs.promises.stat(base).catch(() => null);
    if (single?.isFile()) {
      yield { relative: toKey(path.relative(root, base)), size: single.size, modified: single.mtimeMs };
      return;
    }
    yield* walk(base);
  }

  async children(prefix: string): Promise<string[]> {
    return fs.promises.readdir(this.abs(prefix)).catch(() => [] as string[]);
  }

  newestUnder(relative: string): Promise<number> {
    return newestChange(this.abs(relative));
  }

  async bytesUnder(prefix: string): Promise<number> {
    let total = 0;
    for await (const o of this.list(prefix)) total += o.size;
    return total;
  }

  async remove(relative: string): Promise<void> {
    await fs.promises.rm(this.abs(relative), { recursive: true, force: true });
  }

  async removeIfEmpty(prefix: string): Promise<boolean> {
    return fs.promises.rmdir(this.abs(prefix)).then(() => true, () => false);
  }
}

/** The latest modification inside a file or folder (a job writing deep inside keeps its whole folder young). */
async function newestChange(p: string): Promise<number> {
  const stat = await fs.promises.lstat(p).catch(() => null);
  if (!stat) return 0;
  let newest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of await fs.promises.readdir(p).catch(() => [] as string[])) newest = Math.max(newest, await newestChange(path.join(p, entry)));
  }
  return newest;
}
