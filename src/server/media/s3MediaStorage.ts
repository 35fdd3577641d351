import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException,
  type GetObjectCommandOutput, type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config.ts';
import { contentTypeOf } from './mediaTypes.ts';
import { assetKey, panoramaVersionKey, toKey, type MediaRead, type MediaStorage, type StoredObject, type TileSetStage } from './mediaStorage.ts';
import { MANIFEST_FILE } from '../../protocol/tiles.ts';

/** Uploads of one tile set run this many at once: tiles are small, so round trips, not bytes, are the cost. */
const UPLOAD_CONCURRENCY = 8;
const DELETE_BATCH = 1000;

/** What the /media route needs of one object when it streams it: the S3 answer, headers and all. */
export interface S3Fetch {
  status: 200 | 206 | 304 | 404 | 416;
  body?: Readable;
  headers: Record<string, string>;
}

/**
 * Media in an S3-compatible bucket (Amazon S3, MinIO, Garage, R2, s3rver in tests), through the official client.
 *
 * Atomicity: a PUT makes an object appear whole or not at all. A tile set is many objects, so it is staged on local
 * disk by the tiler, then uploaded under its final, content-addressed prefix (`panoramas/<id>/<source hash>/`) with
 * its manifest written last; only after publish() resolves does the caller write the panorama row that names the
 * prefix. Readers learn tile names only from that row (and the manifest), and the /media gate refuses any file under
 * panoramas/ that no row publishes, so nobody can fetch a set while it is half uploaded. A process killed mid-upload
 * leaves objects no row names; the orphan sweep removes them after its grace period.
 */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly base: string;

  constructor(readonly config: S3Config, private readonly stagingRoot: string, readonly urlPrefix = '/media') {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where the API demands them: many S3-compatible services do not understand the newer
      // streaming checksum trailers the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.base = config.prefix ? `${config.prefix}/` : '';
  }

  get location(): string {
    return `s3://${this.config.bucket}/${this.base}${this.config.endpoint ? ` at ${this.config.endpoint}` : ''}`;
  }

  url(relative: string): string {
    return `${this.urlPrefix}/${toKey(relative)}`;
  }

  panoramaVersionDir(panoramaId: string, version: string): string {
    return panoramaVersionKey(panoramaId, version);
  }

  private key(relative: string): string {
    const key = toKey(relative);
    if (key.split('/').some((s) => s === '..' || s === '.')) throw new Error(`${relative} is not a media key`);
    return `${this.base}${key}`;
  }

  async storeAsset(file: string): Promise<{ relative: string; url: string }> {
    const relative = await assetKey(file);
    await this.copyAtomically(file, relative);
    return { relative, url: this.url(relative) };
  }

  async copyAtomically(file: string, relative: string, opts: { replace?: boolean } = {}): Promise<void> {
    if (!opts.replace && (await this.stat(relative))) return;
    await this.putFile(file, relative);
  }

  /** One PUT with the file's MD5, which the service checks before it keeps the object (a corrupt upload fails). */
  async putFile(file: string, relative: string): Promise<{ md5: string }> {
    const hash = createHash('md5');
    await pipeline(fs.createReadStream(file), hash);
    const md5 = hash.digest();
    const { size } = await fs.promises.stat(file);
    await this.client.send(new PutObjectCommand({
      Bucket: this.config.bucket, Key: this.key(relative), Body: fs.createReadStream(file), ContentLength: size,
      ContentType: contentTypeOf(relative), ContentMD5: md5.toString('base64'),
    }));
    return { md5: md5.toString('hex') };
  }

  async stageTileSet(relative: string): Promise<TileSetStage> {
    const staging = path.join(this.stagingRoot, `${Date.now()}-${randomBytes(6).toString('hex')}`);
    await fs.promises.mkdir(staging, { recursive: true });
    const dir = path.join(staging, 'set');
    const drop = () => fs.promises.rm(staging, { recursive: true, force: true });
    return {
      dir,
      publish: async () => {
        const files = (await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
        // The manifest goes last: whoever finds it (a listing, a migration) finds every tile it names.
        const manifestLast = [...files.filter((f) => toKey(f) !== MANIFEST_FILE), ...files.filter((f) => toKey(f) === MANIFEST_FILE)];
        const last = manifestLast.pop();
        const uploaded: string[] = [];
        const put = async (f: string) => {
          await this.putFile(path.join(dir, f), `${relative}/${f}`);
          uploaded.push(`${relative}/${f}`);
        };
        try {
          await eachLimited(manifestLast, UPLOAD_CONCURRENCY, put);
          if (last) await put(last);
        } catch (error) {
          // Another run of the same job (a queue delivers at least once) may be publishing the same set: only this
          // attempt's objects go, and none once a manifest says the set is whole. What is left, the orphan sweep takes.
          if (!(await this.stat(`${relative}/${MANIFEST_FILE}`).catch(() => null))) {
            await eachLimited(uploaded, UPLOAD_CONCURRENCY, (rel) => this.remove(rel).catch(() => undefined));
          }
          throw error;
        } finally {
          await drop();
        }
      },
      // Nothing of this attempt reached the bucket yet; the final prefix may be another run's.
      discard: drop,
    };
  }

  async stat(relative: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(relative) }));
      return { relative: toKey(relative), size: head.ContentLength ?? 0, modified: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  /** The object's MD5 as the service reports it (a single-part upload's ETag), or null when it cannot tell. */
  async md5Of(relative: string): Promise<string | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.key(relative) }));
      const etag = (head.ETag ?? '').replace(/"/g, '');
      return /^[0-9a-f]{32}$/.test(etag) ? etag : null;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async read(relative: string, range?: { start: number; end: number }): Promise<MediaRead | null> {
    const got = await this.fetch(relative, { range: range ? `bytes=${range.start}-${range.end}` : undefined });
    if (!got.body) return null;
    const total = got.headers['content-range']?.split('/')[1];
    return { body: got.body, size: Number(total ?? got.headers['content-length'] ?? 0) };
  }

  /**
   * GET with the visitor's Range and If-None-Match passed on: what the streaming /media route sends back. With `head`
   * only the headers are asked for (HeadObject), so a HEAD from a visitor or a CDN moves no bytes of the object.
   */
  async fetch(relative: string, conditions: { range?: string | undefined; ifNoneMatch?: string | undefined; head?: boolean }): Promise<S3Fetch> {
    const input = {
      Bucket: this.config.bucket, Key: this.key(relative),
      ...(conditions.range ? { Range: conditions.range } : {}),
      ...(conditions.ifNoneMatch ? { IfNoneMatch: conditions.ifNoneMatch } : {}),
    };
    let out: GetObjectCommandOutput | HeadObjectCommandOutput;
    try {
      out = await this.client.send(conditions.head ? new HeadObjectCommand(input) : new GetObjectCommand(input));
    } catch (error) {
      const status = statusOf(error);
      if (status === 304 || status === 404 || status === 416) return { status, headers: {} };
      throw error;
    }
    const headers: Record<string, string> = {};
    if (out.ContentType) headers['content-type'] = out.ContentType;
    if (out.ContentLength !== undefined) headers['content-length'] = String(out.ContentLength);
    if (out.ContentRange) headers['content-range'] = out.ContentRange;
    if (out.ETag) headers.etag = out.ETag;
    if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
    return { status: out.ContentRange ? 206 : 200, ...('Body' in out && out.Body ? { body: out.Body as Readable } : {}), headers };
  }

  /** A URL the visitor's browser may fetch the object from directly, for `seconds`. */
  presign(relative: string, seconds: number, cacheControl?: string): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({
      Bucket: this.config.bucket, Key: this.key(relative), ...(cacheControl ? { ResponseCacheControl: cacheControl } : {}),
    }), { expiresIn: seconds });
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const key = toKey(prefix);
    const Prefix = key ? `${this.base}${key}` : this.base;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.config.bucket, Prefix })) {
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        const relative = o.Key.slice(this.base.length);
        // `panoramas/p1` must not list `panoramas/p10/...`.
        if (key && relative !== key && !relative.startsWith(`${key}/`)) continue;
        yield { relative, size: o.Size ?? 0, modified: o.LastModified?.getTime() ?? 0 };
      }
    }
  }

  async children(prefix: string): Promise<string[]> {
    const key = toKey(prefix);
    const Prefix = key ? `${this.base}${key}/` : this.base;
    const names: string[] = [];
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.config.bucket, Prefix, Delimiter: '/' })) {
      for (const p of page.CommonPrefixes ?? []) if (p.Prefix) names.push(p.Prefix.slice(Prefix.length, -1));
      for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key.slice(Prefix.length));
    }
    return names.filter(Boolean);
  }

  async newestUnder(relative: string): Promise<number> {
    let newest = 0;
    for await (const o of this.list(relative)) newest = Math.max(newest, o.modified);
    return newest;
  }

  async bytesUnder(prefix: string): Promise<number> {
    let total = 0;
    for await (const o of this.list(prefix)) total += o.size;
    return total;
  }

  async remove(relative: string): Promise<void> {
    const keys: string[] = [];
    for await (const o of this.list(relative)) keys.push(this.key(o.relative));
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      await this.client.send(new DeleteObjectsCommand({
        Bucket: this.config.bucket, Delete: { Objects: keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key })), Quiet: true },
      }));
    }
  }

  async removeIfEmpty(): Promise<boolean> {
    return false;
  }

  async sweepStaging(olderThanMs: number): Promise<void> {
    const now = Date.now();
    for (const name of await fs.promises.readdir(this.stagingRoot).catch(() => [] as string[])) {
      const started = Number(name.split('-')[0]);
      if (Number.isFinite(started) && now - started >= olderThanMs) await fs.promises.rm(path.join(this.stagingRoot, name), { recursive: true, force: true });
    }
  }

  close(): void {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) await work(items[next++]!).catch((error: unknown) => { failed = true; throw error; });
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
