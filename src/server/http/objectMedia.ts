import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { S3MediaStorage } from '../media/s3MediaStorage.ts';
import { mediaDecisionOf, PRIVATE_LINK_SECONDS } from '../modules/mediaAccess/mediaGuard.ts';

const YEAR_SECONDS = 365 * 24 * 3600;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;
/** A public file's redirect may be kept by caches this long; its link stays valid four times as long. */
const PUBLIC_REDIRECT_SECONDS = 3600;
const PUBLIC_LINK_SECONDS = 4 * PUBLIC_REDIRECT_SECONDS;
/** An editor's files (the guard lets caches keep them for no time): a link good for a few minutes. */
const EDITOR_LINK_SECONDS = 300;

const notFound = (request: FastifyRequest) => new AppError('NOT_FOUND', `Nothing is at GET ${request.originalUrl.split('?')[0]}.`);

function keyOf(request: FastifyRequest): string {
  // The guard has decoded and checked this path already (no '..', no half-written names).
  return decodeURIComponent((request.url.split('?')[0] ?? '').slice('/media/'.length));
}

/**
 * /media from object storage, behind the media guard (registered in its scope). Two ways, chosen by S3_SERVE:
 *
 * - stream (default): the server fetches the object and passes it on, with the visitor's Range and If-None-Match
 *   sent along. Visitors see one origin (no bucket CORS or CSP entries), a CDN in front caches public files like any
 *   other response, and the gate decides every request.
 * - redirect: the server answers 302 to a presigned URL of the object, so the bytes never pass through the process.
 *   The gate still decides who gets a link; a link lives as long as the access that earned it (a pass), so a shared
 *   cache may keep a public file's redirect for an hour, never a private one's. The bucket must allow the site's
 *   origin (CORS) for the viewer's textures, and a CDN caches only the redirects.
 *
 * ARCHITECTURE.md records what each costs (tests/bench/mediaServing.bench.ts).
 */
export function objectMediaRoutes(scope: FastifyInstance, storage: S3MediaStorage, mode: 'stream' | 'redirect'): void {
  scope.get('/media/*', mode === 'redirect' ? (request, reply) => redirect(storage, request, reply) : (request, reply) => stream(storage, request, reply));
}

async function stream(storage: S3MediaStorage, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  // Range is defined for GET only (RFC 9110): a HEAD answers for the whole object, and asks the bucket for headers only.
  const head = request.method === 'HEAD';
  const range = head ? undefined : request.headers.range;
  const ifNoneMatch = request.headers['if-none-match'];
  const got = await storage.fetch(keyOf(request), { range, ifNoneMatch, head });
  if (got.status === 404) throw notFound(request);
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', IMMUTABLE);
  for (const [name, value] of Object.entries(got.headers)) reply.header(name, value);
  if (got.status === 304) return reply.code(304).send();
  if (got.status === 416) return reply.code(416).send();
  reply.code(got.status);
  // A HEAD has no body: an empty stream, because Fastify's HEAD handling keeps the object's content-length for a
  // stream and would count a string or nothing as zero bytes.
  return reply.send(got.body ?? Readable.from([]));
}

async function redirect(storage: S3MediaStorage, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const key = keyOf(request);
  // A missing file is answered here as a 404, not as a link that fails in the visitor's browser.
  if (!(await storage.stat(key))) throw notFound(request);
  const decision = mediaDecisionOf(request);
  let linkSeconds: number;
  let bytesCaching: string;
  if (decision?.kind === 'private') {
    // The guard's onSend makes this redirect `private, max-age=<what is left of the pass>`: the link lives as long.
    linkSeconds = decision.maxAgeSeconds > 0 ? Math.min(decision.maxAgeSeconds, PRIVATE_LINK_SECONDS) : EDITOR_LINK_SECONDS;
    bytesCaching = `private, max-age=${linkSeconds}`;
    reply.header('cache-control', 'private, no-store');
  } else {
    linkSeconds = PUBLIC_LINK_SECONDS;
    bytesCaching = IMMUTABLE;
    reply.header('cache-control', `public, max-age=${PUBLIC_REDIRECT_SECONDS}`);
  }
  return reply.redirect(await storage.presign(key, linkSeconds, bytesCaching), 302);
}
