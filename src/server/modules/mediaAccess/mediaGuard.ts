import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import type { MediaAccess, MediaDecision } from './mediaAccess.service.ts';
import type { MediaPasses } from './mediaPasses.ts';

/**
 * How long a presigned link to a private (gated) file lives, and how long its redirect may be kept: such a link cannot
 * be revoked, so it is short whatever the pass that earned it has left (a new request gets a new link).
 */
export const PRIVATE_LINK_SECONDS = 600;

/** The editors' media cookie: HttpOnly, sent only with /media requests, refreshed by the studio's own calls. */
export const MEDIA_EDITOR_COOKIE = 'atrium_media';
const COOKIE_PATH = '/media/';
/** Calls that show an editor their tours' media (studio pages, analytics) refresh the cookie. */
const EDITOR_PREFIXES = ['/v2/studio/', '/v2/analytics/'];

const PASS_URL = /^\/media\/pass\/([^/?#]+)\/(.*)$/s;

/**
 * Fastify's rewriteUrl: `/media/pass/<pass>/<file>` is routed as `/media/<file>` (the static files plugin serves it);
 * the guard reads the pass back from the original URL.
 */
export function routeMediaPass(url: string): string {
  const m = PASS_URL.exec(url);
  return m ? `/media/${m[2]}` : url;
}

const passOf = (originalUrl: string): string | null => PASS_URL.exec(originalUrl)?.[1] ?? null;

const decisions = new WeakMap<FastifyRequest, Exclude<MediaDecision, null>>();

/** What the guard decided for a request it let through (a route that redirects needs it to pick a link's lifetime). */
export const mediaDecisionOf = (request: FastifyRequest): Exclude<MediaDecision, null> | undefined => decisions.get(request);

const notFound = (url: string) => new AppError('NOT_FOUND', `Nothing is at GET ${url.split('?')[0]}.`);

/** Hooks for the scope that serves /media: every file is checked before it is sent, and its caching follows. */
export function guardMedia(scope: FastifyInstance, access: MediaAccess): void {
  scope.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    let relative: string;
    try {
      relative = decodeURIComponent(path.slice('/media/'.length));
    } catch {
      throw notFound(request.originalUrl);
    }
    const cookie = request.cookies?.[MEDIA_EDITOR_COOKIE] ?? null;
    const decision = await access.decide({ relative, pass: passOf(request.originalUrl), editorCookie: cookie });
    if (!decision) throw notFound(request.originalUrl);
    decisions.set(request, decision);
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    const decision = decisions.get(request);
    // What a pass or a cookie opened must never be kept by a shared cache (it would serve it to anyone).
    if (decision?.kind === 'private' && reply.statusCode < 400) {
      // A redirect carries a presigned link that cannot be revoked: kept no longer than the link lives.
      const maxAge = reply.statusCode === 302 ? Math.min(decision.maxAgeSeconds, PRIVATE_LINK_SECONDS) : decision.maxAgeSeconds;
      reply.header('cache-control', `private, max-age=${maxAge}${maxAge > 0 ? ', immutable' : ', must-revalidate'}`);
    }
    return payload;
  });
}

/**
 * The studio and analytics pages show an editor the media of tours that are not open to everyone (drafts, gated
 * tours) by their plain URLs: their calls, made with the session, leave a signed cookie naming that session.
 */
export function issueEditorCookies(app: FastifyInstance, passes: MediaPasses): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!request.sessionTokenHash || !EDITOR_PREFIXES.some((p) => request.url.startsWith(p))) return payload;
    const current = request.cookies?.[MEDIA_EDITOR_COOKIE];
    const sameSession = current && passes.verifyEditorCookie(current) === request.sessionTokenHash;
    if (sameSession && passes.secondsLeft(current) > 3600) return payload;
    const { value, maxAgeSeconds } = passes.editorCookie(request.sessionTokenHash);
    reply.setCookie(MEDIA_EDITOR_COOKIE, value, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: maxAgeSeconds });
    return payload;
  });
}
