import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Hash of a file's bytes: names published media so a url always means the same bytes (immutable caching). */
export async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('base64url').slice(0, 16);
}

/**
 * Local-disk media under DATA_DIR/media, served at /media/. Every write lands under a temporary name and is
 * renamed into place, so a reader never sees half a file.
 */
export class MediaStorage {
  constructor(readonly root: string, readonly urlPrefix = '/media') {
    fs.mkdirSync(root, { recursive: true });
  }

  url(relative: string): string {
    return `${this.urlPrefix}/${relative.split(path.sep).join('/')}`;
  }

  abs(relative: string): string {
    return path.join(this.root, relative);
  }

  /** Bytes of every file under a folder (0 when it does not exist): what a panorama takes on disk. */
  async bytesUnder(relative: string): Promise<number> {
    const walk = async (dir: string): Promise<number> => {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return 0;
      }
      let total = 0;
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) total += await walk(full);
        else if (entry.isFile()) total += (await fs.promises.stat(full).catch(() => ({ size: 0 }))).size;
      }
      return total;
    };
    return walk(this.abs(relative));
  }

  /** Folder for a panorama's tile set of one version (the tiler publishes into it atomically). */
  panoramaVersionDir(panoramaId: string, version: string): string {
    return path.join('panoramas', panoramaId, version);
  }

  /** Copies a file into content-addressed storage and answers its url. Storing the same bytes twice is free. */
  async storeAsset(file: string): Promise<{ relative: string; url: string }> {
    const ext = path.extname(file).toLowerCase().replace(/[^.a-z0-9]/g, '');
    const relative = path.join('assets', `${await fileDigest(file)}${ext}`);
    await this.copyAtomically(file, relative);
    return { relative, url: this.url(relative) };
  }

  async copyAtomically(file: string, relative: string): Promise<void> {
    const target = this.abs(relative);
    if (fs.existsSync(target)) return;
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

  async remove(relative: string): Promise<void> {
    await fs.promises.rm(this.abs(relative), { recursive: true, force: true });
  }
}
