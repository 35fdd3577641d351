import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BOOTSTRAP_ELEMENT_ID } from '../../protocol/bootstrap.ts';
import { catalogPreloader } from './catalogPreload.ts';
import type { MediaAccess } from '../modules/mediaAccess/mediaAccess.service.ts';
import { guardMedia } from '../modules/mediaAccess/mediaGuard.ts';
import type { MediaStorage } from '../media/mediaStorage.ts';
import { LocalMediaStorage } from '../media/localMediaStorage.ts';
import { S3MediaStorage } from '../media/s3MediaStorage.ts';
import { objectMediaRoutes } from './objectMedia.ts';
import { applyPagePolicy, newNonce, nonceInlineScripts } from './securityHeaders.ts';
import { compressPage } from './pageCompression.ts';
import { registerClientFiles } from './clientFiles.ts';
import { preloadElement, preloadLinkHeader, type Preload } from './preloads.ts';

const API_PREFIXES = ['/v1/', '/v2/', '/media/', '/healthz', '/socket.io/'];
const YEAR_SECONDS = 365 * 24 * 3600;
const MEDIA_MAX_AGE_SECONDS = YEAR_SECONDS;

/**
 * Media files are content-addressed (every published tile set lives in a new version folder), so they are
 * cached for a year as immutable; ETags and Last-Modified still let a proxy revalidate, and Range requests
 * serve audio and video seeking. Every request passes the media guard first (who may see the file; see
 * modules/mediaAccess), in a scope of its own so the guard's hooks apply to media alone. Local disk is served by the
 * static files plugin; object storage by objectMedia.ts (streamed through, or redirected to a presigned URL).
 */
export async function registerMedia(app: FastifyInstance, storage: MediaStorage, access: MediaAccess): Promise<void> {
  await app.register(async (scope) => {
    guardMedia(scope, access);
    if (storage instanceof LocalMediaStorage) {
      await scope.register(fastifyStatic, {
        root: storage.root,
        prefix: '/media/',
        decorateReply: false,
        etag: true,
        lastModified: true,
        acceptRanges: true,
        cacheControl: true,
        maxAge: MEDIA_MAX_AGE_SECONDS * 1000,
        immutable: true,
        dotfiles: 'deny',
        index: false,
      });
    } else if (storage instanceof S3MediaStorage) {
      objectMediaRoutes(scope, storage, storage.config.serve);
    } else {
      throw new Error(`no /media route for a ${storage.kind} store`);
    }
  });
}

/**
 * What a page needs at once, computed per request: `data` inlined as JSON (e.g. the tour of a deep link) and
 * `head` elements such as preloads of the first files the viewer will ask for.
 */
export type PageBootstrap = (pathname: string, search: URLSearchParams) => Promise<PageExtras | null>;
export interface PageExtras {
  data: unknown;
  head: string[];
  /** Files the page asks for at once: announced in the Link header and as elements ahead of everything else. */
  preloads?: Preload[];
  /** Elements placed before the entry script, after the preloads, so they start first (the poster's script). */
  early?: string[];
  /**
   * The entry script is only preloaded, not run: the page's own inline script starts it (the poster does, once it
   * has painted, so the bundle's start-up cannot hold the first paint back). See holdEntryScript.
   */
  holdEntry?: boolean;
  /** The sites the tour's owner lets frame this page (the policy's frame-ancestors); absent: any site. */
  embedSites?: string[];
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
export const ENTRY_MARKER = 'data-atrium-entry';

/** Turns Vite's entry <script> into a modulepreload the page starts itself (by the marker attribute). */
export function holdEntryScript(html: string): string {
  return html.replace(ENTRY_SCRIPT, (_m, src: string) => `<link rel="modulepreload" crossorigin href="${src}" ${ENTRY_MARKER}>`);
}

/** Puts elements right before the entry script (or its modulepreload), ahead of everything the bundle needs. */
export function insertEarly(html: string, early: string[] | undefined): string {
  if (!early?.length) return html;
  const at = html.search(/<script type="module"|<link rel="modulepreload"/);
  return at < 0 ? html.replace('</head>', `${early.join('')}</head>`) : `${html.slice(0, at)}${early.join('')}${html.slice(at)}`;
}

/** The JSON goes inside a <script> element: '<' is escaped so no value can close it. */
export function injectBootstrap(html: string, data: unknown, head: string | null = null): string {
  if (head) html = html.replace('</head>', `${head}</head>`);
  if (data == null) return html;
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return html.replace('</head>', `<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${json}</script></head>`);
}

/**
 * The built client (its files: clientFiles.ts). index.html is revalidated every time so a deploy is seen at once.
 * Any other GET that is not an API path gets index.html, so deep links like /{buildingId} work on reload.
 */
export async function registerClient(app: FastifyInstance, clientDir: string, bootstrap?: PageBootstrap): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const built = fs.existsSync(indexFile);
  // Read once: the page is small and changes only with a new build (a restart).
  const indexHtml = built ? fs.readFileSync(indexFile, 'utf8') : '';
  const preloadCatalog = catalogPreloader(clientDir);
  if (built) await registerClientFiles(app, clientDir);
  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    // HEAD as GET (Node sends no body for it): link checkers and link previews ask a page with HEAD first.
    const reads = req.method === 'GET' || req.method === 'HEAD';
    const wantsPage = reads && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url);
    if (wantsPage && built) {
      // A failing bootstrap must never cost the page: the client then fetches what it needs itself.
      const search = new URLSearchParams(req.url.split('?')[1] ?? '');
      const page = bootstrap ? await bootstrap(url, search).catch((err: unknown) => (req.log.warn({ err }, 'page bootstrap failed'), null)) : null;
      const head = [preloadCatalog(search.get('locale'), req.headers['accept-language']), ...(page?.head ?? [])].filter(Boolean).join('');
      const data = page?.data ?? null;
      const nonce = newNonce();
      applyPagePolicy(reply, url, nonce, page?.embedSites ?? null);
      const early = [...(page?.preloads ?? []).map(preloadElement), ...(page?.early ?? [])];
      const html = nonceInlineScripts(injectBootstrap(insertEarly(page?.holdEntry ? holdEntryScript(indexHtml) : indexHtml, early), data, head), nonce);
      const links = preloadLinkHeader(page?.preloads ?? []);
      if (links) reply.header('Link', links);
      // Compressed here: @fastify/compress never sees the not-found handler's answers (pageCompression.ts).
      const { body, encoding } = await compressPage(html, req.headers['accept-encoding']);
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Language, Accept-Encoding')
        .send(body);
    }
    if (wantsPage) {
      return reply.type('text/html; charset=utf-8').status(503).send(
        '<!doctype html><title>Atrium</title><p>The viewer is not built yet: run <code>npm run build</code> (npm start does it for you).</p>',
      );
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `Nothing is at ${req.method} ${url}.` });
  });
}
