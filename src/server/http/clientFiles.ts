import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';

const YEAR_SECONDS = 365 * 24 * 3600;
const VARIANT_SUFFIXES = ['.br', '.gz'];

/**
 * The files of a client build that have a .br or .gz beside them, as paths relative to the build (forward slashes).
 * The build writes those for its files of 10 kB or more only (vite.config.ts, precompressed). Dot folders (.vite, the
 * server's manifest) are skipped: they are not served.
 */
export function precompressedFiles(clientDir: string): string[] {
  const files = new Set(
    fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !file.split('/').some((part) => part.startsWith('.'))),
  );
  return [...files].filter((file) => VARIANT_SUFFIXES.some((suffix) => files.has(file + suffix)));
}

/** A glob pattern that matches this one path and nothing else. */
function literalGlob(file: string): string {
  return file.replace(/[\\*?[\]{}()!+@]/g, '\\$&');
}

/**
 * The built client's files, one route each (listed once, at start). Hashed assets are immutable; anything else is
 * revalidated every time so a deploy is seen at once.
 *
 * The files the build compressed are sent as the build compressed them (@fastify/static's preCompressed: smaller than
 * @fastify/compress's on-the-fly brotli 4, and no CPU per request). Only they go through preCompressed, which looks
 * for name.br, name.gz and name.deflate on disk before the file itself: for the smaller files, which have none, that
 * was three failed stat calls per request (5 file-system calls instead of 2, measured with strace). Those are served
 * plainly and, if large enough, compressed on the fly by @fastify/compress as before.
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  const common: FastifyStaticOptions = {
    root: clientDir,
    prefix: '/',
    index: false,
    etag: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
    },
  };
  const compressed = precompressedFiles(clientDir);
  await app.register(fastifyStatic, { ...common, wildcard: false, decorateReply: false, globIgnore: compressed.map(literalGlob) });
  await app.register(async (scope) => {
    // Serves nothing by itself: gives this scope's replies a sendFile that picks the build's .br or .gz.
    await scope.register(fastifyStatic, { ...common, serve: false, preCompressed: true });
    for (const file of compressed) scope.get(`/${file}`, { schema: { hide: true } }, (_req, reply) => reply.sendFile(`/${file}`));
  });
}
