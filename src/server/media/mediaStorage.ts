import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Hash of a file's bytes: names published media so a url always means the same bytes (immutable caching). */
export async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('base64url').slice(0, 16);
}

/** One stored file: its key under the media root (`panoramas/p1/v1/tiles/0/f/0_0.jpg`), size and last change (ms). */
export interface StoredObject {
  relative: string;
  size: number;
  modified: number;
}

export interface MediaRead {
  body: Readable;
  /** Bytes of the whole object (a range reads fewer). */
  size: number;
}

/**
 * A tile set being written: the tiler writes into `dir` on local disk (it must not exist yet), then `publish` makes
 * it visible under its final name all at once, or `discard` drops it. See each store for how "all at once" holds.
 */
export interface TileSetStage {
  dir: string;
  publish(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where media lives: local disk (the embedded default) or S3-compatible object storage. Every writer (tiler, studio
 * uploads, chat pictures, guided-tour audio, import and so the demo) and every reader (the /media routes behind the
 * gate, the favourites PDF, quotas, the orphan sweep, `atrium media migrate`) goes through this interface, never
 * through DATA_DIR/media directly, so switching the store is one setting. Keys are '/'-separated paths relative to
 * the media root and are served at `/media/<key>`.
 *
 * Names are chosen so that a key, once written, always means the same bytes (content hashes, random ids, versions
 * named by their source's hash): caches may keep them for a year, and copying between stores never has to choose
 * which of two versions wins.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** For logs: the folder or bucket. */
  readonly location: string;
  url(relative: string): string;
  /** Folder for a panorama's tile set of one version. */
  panoramaVersionDir(panoramaId: string, version: string): string;
  /** Copies a file into content-addressed storage and answers its url. Storing the same bytes twice is free. */
  storeAsset(file: string): Promise<{ relative: string; url: string }>;
  /**
   * Stores a file under a key, whole or not at all; a key that already exists is left as it is (same name, same
   * bytes), unless `replace` (a migration repairing a copy that does not match its source).
   */
  copyAtomically(file: string, relative: string, opts?: { replace?: boolean }): Promise<void>;
  /** Where the tiler writes a tile set that appears under `relative` all at once. */
  stageTileSet(relative: string): Promise<TileSetStage>;
  stat(relative: string): Promise<StoredObject | null>;
  /** The bytes of a file, or of `start..end` (inclusive) of it; null when it does not exist. */
  read(relative: string, range?: { start: number; end: number }): Promise<MediaRead | null>;
  /** Every file under a folder ('' for all), in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * The names of a folder's direct children (files and folders), without reading what is inside them: object storage
   * answers from one delimited listing, so a sweep does not list every tile of every panorama.
   */
  children(prefix: string): Promise<string[]>;
  /** The newest change anywhere inside a file or folder, 0 when nothing is there (what the orphan sweep judges by). */
  newestUnder(relative: string): Promise<number>;
  /** Bytes of every file under a folder (0 when it does not exist): what a panorama takes. */
  bytesUnder(prefix: string): Promise<number>;
  /** Removes a file, or a folder with everything in it. */
  remove(relative: string): Promise<void>;
  /** Removes a folder only if nothing is left in it (object storage has no folders: nothing to do). */
  removeIfEmpty(prefix: string): Promise<boolean>;
  /** Leftovers of tile sets staged on local disk by a process that died (object storage only). */
  sweepStaging?(olderThanMs: number): Promise<void>;
  /** Lets go of connections (object storage). */
  close?(): void;
}

/** Keys always use '/', whatever the platform's separator; no leading or trailing slash. */
export function toKey(relative: string): string {
  return relative.split(path.sep).join('/').replace(/^\/+|\/+$/g, '');
}

/** `assets/<hash><ext>`: the key an asset's bytes are stored under. */
export async function assetKey(file: string): Promise<string> {
  const ext = path.extname(file).toLowerCase().replace(/[^.a-z0-9]/g, '');
  return `assets/${await fileDigest(file)}${ext}`;
}

export function panoramaVersionKey(panoramaId: string, version: string): string {
  return `panoramas/${panoramaId}/${version}`;
}
