import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Pages are sent from the not-found handler (any path that is not a file or an API route is the viewer), and
// @fastify/compress only hooks real routes (its onRoute hook): the page, with a deep link's tour inlined (tens of kB),
// went out uncompressed. It is compressed here, with the plugin's own choices: brotli at quality 4, else gzip.

export type PageEncoding = 'br' | 'gzip';
/** Below this a compressed answer is hardly smaller (the plugin's threshold too). */
const THRESHOLD_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding an Accept-Encoding header allows, brotli first (smaller), then gzip; null for none (absent header,
 * identity only, or both refused with q=0). `*` stands for any encoding the header does not name.
 */
export function pageEncoding(acceptEncoding: string | string[] | undefined): PageEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.toLowerCase().split(';');
    const name = token?.trim();
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: PageEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/** The page as it goes on the wire, and its Content-Encoding (null: sent as it is). */
export async function compressPage(html: string, acceptEncoding: string | string[] | undefined): Promise<{ body: Buffer | string; encoding: PageEncoding | null }> {
  const encoding = Buffer.byteLength(html) < THRESHOLD_BYTES ? null : pageEncoding(acceptEncoding);
  if (encoding === 'br') return { body: await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }), encoding };
  if (encoding === 'gzip') return { body: await gzip(html), encoding };
  return { body: html, encoding: null };
}
