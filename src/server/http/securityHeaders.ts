import { randomBytes } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseRoute } from '../../protocol/routes.ts';

/** Where browsers send what the page policy refused (report-uri: sent at once, unlike the batched Reporting API). */
export const CSP_REPORT_PATH = '/v2/csp-reports';

/**
 * The headers every answer carries (helmet's defaults, with the choices below). The Content-Security-Policy is not
 * among them: it belongs to pages (see pagePolicy), which carry a fresh nonce each and differ in who may frame them.
 */
const BASE: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: false,
  // frame-ancestors says who may frame a page; X-Frame-Options cannot say "any site" and would stop embeds of the viewer.
  xFrameOptions: false,
  // YouTube's player refuses embeds that send no referrer; the origin alone names no tour.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Browsers ignore it over plain http; a self-hoster's other subdomains are not ours to pin to https.
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  // An owner's own site on a sibling subdomain may show a tour's pictures; other sites may not hot-link them.
  crossOriginResourcePolicy: { policy: 'same-site' },
  // Nothing here needs cross-origin isolation, and it would refuse owners' embedded videos and pictures.
  crossOriginEmbedderPolicy: false,
};

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, BASE);
}

/** Pages a visitor sees may be embedded in any site (the viewer's embed snippet); the owner's pages never. */
function embeddable(pathname: string): boolean {
  const route = parseRoute(pathname);
  return route.name === 'viewer' || route.name === 'default' || route.name === 'tour-ring' || route.name === 'not-found';
}

/**
 * Who may frame a page: nobody for the owner's pages; for a visitor's page any site, or only this server and the
 * sites the tour's owner listed (`embedSites`, already normalised origins).
 */
export function frameAncestors(pathname: string, embedSites: readonly string[] | null = null): string[] {
  if (!embeddable(pathname)) return ["'none'"];
  return embedSites && embedSites.length > 0 ? ["'self'", ...embedSites] : ['*'];
}

/**
 * The policy the built client runs under. Owners' content comes from anywhere over https (videos and HLS streams,
 * music, map tiles, embedded players), so those kinds allow https:; scripts never do: only this origin's bundle and
 * the page's own inline script (the first-view poster) by its nonce. 'wasm-unsafe-eval' is for the in-world panels'
 * layout engine (yoga, WebAssembly); no 'unsafe-eval' (zod runs jitless in the browser: vite.config.ts, zodJitless).
 */
export function pageDirectives(pathname: string, nonce: string, embedSites: readonly string[] | null = null): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'wasm-unsafe-eval'"],
    // React style attributes and the poster's computed transforms.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'data:', 'blob:', 'https:'],
    // 'self' covers this origin's WebSockets (Socket.IO) in CSP level 3; the in-world panels' layout engine (yoga)
    // fetches its WebAssembly from a data: URL.
    'connect-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    // hls.js runs its demuxer in a worker made from a blob.
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': frameAncestors(pathname, embedSites),
    'report-uri': [CSP_REPORT_PATH],
  };
}

/** A fresh nonce for a page: 128 random bits. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Sets the page's policy (helmet merges it into the shared headers above and writes them again as one set). */
export function applyPagePolicy(reply: FastifyReply, pathname: string, nonce: string, embedSites: readonly string[] | null = null): void {
  reply.helmet({ contentSecurityPolicy: { useDefaults: false, directives: pageDirectives(pathname, nonce, embedSites) } });
}

/** Every inline <script> of the page (not JSON data, not scripts with a src) gets the nonce. */
export function nonceInlineScripts(html: string, nonce: string): string {
  return html.replace(/<script>/g, `<script nonce="${nonce}">`);
}
