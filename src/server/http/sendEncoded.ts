import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_HEADERS } from '../../protocol/identity.ts';
import type { BodyEncoding, EncodedAnswer } from '../modules/buildings/encodedAnswer.ts';

/**
 * Sends an answer serialised ahead (see EncodedAnswer) with its ETag: 304 when the requester already holds this very
 * answer (If-None-Match), a precompressed body when it is shared and the client accepts br or gzip. `private,
 * no-cache`: the answer depends on who asks (identity headers, cookies), so only the requester's own browser keeps
 * it, and revalidates it each time (a change shows at once; an unchanged tour costs a 304 of no body).
 * The 304 is decided against the answer this requester gets, after every access rule, so an ETag learnt elsewhere
 * opens nothing.
 */
export async function sendEncoded(req: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): Promise<FastifyReply> {
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', `Accept-Encoding, Cookie, ${Object.values(IDENTITY_HEADERS).join(', ')}`);
  if (matchesETag(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.shared ? preferredEncoding(req.headers['accept-encoding']) : null;
  // Content-Encoding set here tells @fastify/compress the body is compressed already; a one-off answer is left to it.
  if (!encoding) return reply.send(answer.shared ? answer.utf8 : answer.json);
  return reply.header('content-encoding', encoding).send(await answer.body(encoding));
}

/** If-None-Match's weak comparison: any listed tag equal to ours once W/ is set aside, or `*`. */
export function matchesETag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const ours = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === ours;
  });
}

/** br when the client accepts it, else gzip, else none (a q=0 refuses a coding; the order of the header is not a preference). */
export function preferredEncoding(header: string | undefined): BodyEncoding | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  const wants = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}
