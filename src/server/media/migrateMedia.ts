import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MANIFEST_FILE } from '../../protocol/tiles.ts';
import type { MediaStorage, StoredObject } from './mediaStorage.ts';
import { S3MediaStorage } from './s3MediaStorage.ts';

/** Objects copied at once: most are tiles of a few kB, so round trips, not bandwidth, set the pace. */
const CONCURRENCY = 8;
const PARTIAL = /\.partial-/;

export interface MigrationProgress {
  /** Objects looked at so far, of `total`. */
  done: number;
  total: number;
  copied: number;
  skipped: number;
  failed: number;
  bytesCopied: number;
}

export interface MigrationReport extends MigrationProgress {
  /** Keys whose copy did not read back as the source's bytes (the copy was removed again). */
  failures: Array<{ relative: string; reason: string }>;
  /** True when the signal stopped it before every object was looked at: run it again to go on. */
  interrupted: boolean;
}

export interface MigrationOptions {
  onProgress?: (p: MigrationProgress & { relative: string; action: 'copied' | 'skipped' | 'failed' }) => void;
  /** Stops taking new objects; the ones in flight finish (so nothing is left half-copied). */
  signal?: AbortSignal;
  concurrency?: number;
}

/**
 * Copies every object of one store into another, for `atrium media migrate`. Resumable and idempotent: an object the
 * target already holds with the same size and MD5 is skipped, so a run stopped anywhere is simply run again. Every
 * copy is verified: the bytes are hashed as they are read from the source, and the target's copy is hashed again
 * (object storage: the MD5 it reports, which it checked against the Content-MD5 sent with the upload; local disk: read
 * back) before it counts. The source is only read: visitors keep being served from it until the configuration
 * switches, and keys never change meaning, so copying while the server writes new media loses nothing that a second
 * run after the switch does not pick up.
 */
export async function migrateMedia(from: MediaStorage, to: MediaStorage, opts: MigrationOptions = {}): Promise<MigrationReport> {
  const objects: StoredObject[] = [];
  for await (const o of from.list('')) if (!PARTIAL.test(o.relative)) objects.push(o);
  // Manifests after every tile: a reader (or a tiling run that finds a published set) that sees a manifest in the
  // target finds every file it names there.
  const isManifest = (o: StoredObject) => path.posix.basename(o.relative) === MANIFEST_FILE;
  objects.sort((a, b) => Number(isManifest(a)) - Number(isManifest(b)) || a.relative.localeCompare(b.relative));
  const report: MigrationReport = { done: 0, total: objects.length, copied: 0, skipped: 0, failed: 0, bytesCopied: 0, failures: [], interrupted: false };
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atrium-migrate-'));
  let next = 0;
  const lane = async () => {
    while (next < objects.length) {
      if (opts.signal?.aborted) {
        report.interrupted = true;
        return;
      }
      const object = objects[next++]!;
      let action: 'copied' | 'skipped' | 'failed';
      try {
        action = await copyOne(from, to, object, scratch);
      } catch (error) {
        action = 'failed';
        report.failures.push({ relative: object.relative, reason: error instanceof Error ? error.message : String(error) });
      }
      report.done++;
      if (action === 'copied') {
        report.copied++;
        report.bytesCopied += object.size;
      } else if (action === 'skipped') report.skipped++;
      else report.failed++;
      opts.onProgress?.({ ...progressOf(report), relative: object.relative, action });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? CONCURRENCY) }, lane));
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
  if (report.done < report.total) report.interrupted = true;
  return report;
}

const progressOf = (r: MigrationReport): MigrationProgress => ({ done: r.done, total: r.total, copied: r.copied, skipped: r.skipped, failed: r.failed, bytesCopied: r.bytesCopied });

async function copyOne(from: MediaStorage, to: MediaStorage, object: StoredObject, scratch: string): Promise<'copied' | 'skipped'> {
  const present = await to.stat(object.relative);
  if (present && present.size === object.size && await sameBytes(to, object.relative, await md5Of(from, object.relative))) return 'skipped';
  const temp = path.join(scratch, randomBytes(8).toString('hex'));
  try {
    const read = await from.read(object.relative);
    // Removed from the source since the listing (a panorama deleted meanwhile): nothing to carry over.
    if (!read) return 'skipped';
    const hash = createHash('md5');
    await pipeline(read.body, new Transform({ transform: (chunk: Buffer, _e, done) => { hash.update(chunk); done(null, chunk); } }), fs.createWriteStream(temp));
    const sourceMd5 = hash.digest('hex');
    await to.copyAtomically(temp, object.relative, { replace: true });
    if (!(await sameBytes(to, object.relative, sourceMd5))) {
      const copied = await readMd5(to, object.relative);
      // Only a key this run created goes: one that was there before may be serving visitors.
      if (!present) await to.remove(object.relative).catch(() => undefined);
      throw new Error(`the copy's MD5 ${copied ?? 'is missing'} is not the source's ${sourceMd5}`);
    }
    return 'copied';
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}

/** An object's MD5: object storage reports it for single-part uploads (what this writes); otherwise the bytes are read. */
async function md5Of(storage: MediaStorage, relative: string): Promise<string | null> {
  if (storage instanceof S3MediaStorage) {
    const reported = await storage.md5Of(relative);
    if (reported) return reported;
  }
  return readMd5(storage, relative);
}

/**
 * Whether the stored object has these bytes. An ETag equal to the MD5 proves it; one that differs proves nothing (with
 * SSE-KMS or SSE-C encryption the ETag is not the MD5 though it looks like one), so the object is read back and hashed.
 */
async function sameBytes(storage: MediaStorage, relative: string, md5: string | null): Promise<boolean> {
  if (md5 === null) return false;
  if (storage instanceof S3MediaStorage && (await storage.md5Of(relative)) === md5) return true;
  return (await readMd5(storage, relative)) === md5;
}

async function readMd5(storage: MediaStorage, relative: string): Promise<string | null> {
  const read = await storage.read(relative);
  if (!read) return null;
  const hash = createHash('md5');
  await pipeline(read.body, hash);
  return hash.digest('hex');
}
