import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/v1/', '/v2/', '/media/', '/healthz', '/socket.io/'];
const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Media files are content-addressed (every published tile set lives in a new version folder), so they are
 * cached for a year as immutable; ETags and Last-Modified still let a proxy revalidate, and Range requests
 * serve audio and video seeking.
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string): Promise<void> {
  fs.mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    etag: true,
    lastModified: true,
    acceptRanges: true,
    cacheControl: true,
    maxAge: YEAR_SECONDS * 1000,
    immutable: true,
    dotfiles: 'deny',
    index: false,
  });
}

/**
 * The built client. Hashed assets are immutable; index.html is revalidated every time so a deploy is seen at once.
 * Any other GET that is not an API path gets index.html, so deep links like /{buildingId} work on reload.
 */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      etag: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage = req.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url);
    if (wantsPage && built) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(fs.createReadStream(indexFile));
    }
    if (wantsPage) {
      return reply.type('text/html; charset=utf-8').status(503).send(
        '<!doctype html><title>Atrium</title><p>The viewer is not built yet: run <code>npm run build</code> (npm start does it for you).</p>',
      );
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `Nothing is at ${req.method} ${url}.` });
  });
}
