import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type BodyEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * An answer serialised once: its JSON text, a weak ETag of that text, and (for answers shared by many requesters)
 * each compressed form made once, on first demand, at the best ratio (the work is paid once per tour version, not per
 * request). The compression runs in libuv's pool, so making it never holds the event loop.
 */
export class EncodedAnswer {
  readonly etag: string;
  private bytes: Buffer | undefined;
  private readonly compressed = new Map<BodyEncoding, Promise<Buffer>>();

  /** shared: served to many requesters as is, so worth compressing ahead; a one-off answer leaves that to the plugin. */
  constructor(readonly json: string, readonly shared: boolean) {
    // Weak: the same ETag for every content-coding of the same JSON (If-None-Match compares weakly).
    this.etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  }

  /** The JSON as UTF-8 bytes, encoded once (a 35 kB tour is not re-encoded for every uncompressed answer). */
  get utf8(): Buffer {
    this.bytes ??= Buffer.from(this.json, 'utf8');
    return this.bytes;
  }

  body(encoding: BodyEncoding): Promise<Buffer> {
    let made = this.compressed.get(encoding);
    if (!made) {
      made = encoding === 'br'
        ? brotli(this.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
        : gzip(this.json, { level: 9 });
      // A failure is not kept: the next request tries again.
      made.catch(() => this.compressed.delete(encoding));
      this.compressed.set(encoding, made);
    }
    return made;
  }
}
