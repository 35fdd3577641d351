import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_IMAGE_MAX_BYTES, ConversationParamsSchema, ConversationSchema, ConversationsAnswerSchema, ConversationsQuerySchema,
  FaqAnswerBodySchema, FaqAnswerSchema, FaqListSchema, FaqQuerySchema, GUEST_TOKEN_HEADER, GuestAnswerSchema, GuestBodySchema,
  MessagesAnswerSchema, MessagesQuerySchema, OpenConversationBodySchema, ReadAnswerSchema, ReadBodySchema, StatusBodySchema,
  UploadedImageSchema,
} from '../../../protocol/chat.ts';
import { ErrorBodySchema } from '../../../protocol/errors.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/errorResponses.ts';
import { attemptLimit } from '../../http/rateLimits.ts';
import type { ChatService } from './chat.service.ts';
import type { ChatImages } from './chatImages.ts';
import type { ChatParties, ChatParty } from './chatParties.ts';
import type { ChatStudioService } from './chatStudio.service.ts';

export interface ChatModule {
  service: ChatService;
  parties: ChatParties;
  studio: ChatStudioService;
  images: ChatImages;
}

const failures = { ...errorResponses, 409: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema, 429: ErrorBodySchema } as const;

/** A signed-in user (the three identity headers) or a guest (its token header); 401 for anyone else. */
export async function requireParty(m: ChatModule, request: FastifyRequest): Promise<ChatParty> {
  const party = request.user
    ? await m.parties.forUser(request.user.id)
    : await guestFrom(m, request.headers[GUEST_TOKEN_HEADER]);
  if (!party) throw new AppError('UNAUTHENTICATED', 'Give your name and email, or sign in, to send messages.');
  return party;
}

async function guestFrom(m: ChatModule, header: string | string[] | undefined): Promise<ChatParty | null> {
  return typeof header === 'string' && header.length > 0 && header.length <= 200 ? m.parties.forGuestToken(header) : null;
}

/** Instant messaging over HTTP (spec section 7's two calls, and what a client needs around them). */
export const chatRoutes = (m: ChatModule): FastifyPluginAsyncZod => async (app) => {
  // Chat images come as the raw bytes of one file; their content decides what they are (ChatImages).
  app.addContentTypeParser(/^(image\/.*|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: CHAT_IMAGE_MAX_BYTES + 1 }, (_req, body, done) => done(null, body));

  app.get('/v2/messages/conversations', {
    schema: { querystring: ConversationsQuerySchema, response: { 200: ConversationsAnswerSchema, ...failures } },
  }, async (req) => {
    const party = await requireParty(m, req);
    const filter = { status: req.query.status, q: req.query.q, limit: req.query.limit };
    return { conversations: req.query.isVisitor ? await m.service.listOwn(party, filter) : await m.service.listOrganised(party, filter) };
  });

  app.post('/v2/messages/conversations', {
    schema: { body: OpenConversationBodySchema, response: { 200: ConversationSchema, ...failures } },
  }, async (req) => {
    const party = await requireParty(m, req);
    return 'buildingId' in req.body ? m.service.openTourConversation(party, req.body.buildingId) : m.service.openDirectConversation(party, req.body.userId);
  });

  app.get('/v2/messages/conversations/:conversationId/messages', {
    schema: { params: ConversationParamsSchema, querystring: MessagesQuerySchema, response: { 200: MessagesAnswerSchema, ...failures } },
  }, async (req) => m.service.messages(await requireParty(m, req), req.params.conversationId, req.query));

  app.post('/v2/messages/conversations/:conversationId/read', {
    schema: { params: ConversationParamsSchema, body: ReadBodySchema, response: { 200: ReadAnswerSchema, ...failures } },
  }, async (req) => m.service.markRead(await requireParty(m, req), req.params.conversationId, req.body.seq));

  app.post('/v2/messages/conversations/:conversationId/status', {
    schema: { params: ConversationParamsSchema, body: StatusBodySchema, response: { 200: ConversationSchema, ...failures } },
  }, async (req) => m.service.setStatus(await requireParty(m, req), req.params.conversationId, req.body.status));

  app.post('/v2/messages/FAQ', {
    schema: { body: FaqAnswerBodySchema, response: { 200: FaqAnswerSchema, ...failures } },
  }, async (req) => m.service.answerFaq(await requireParty(m, req), req.body));

  app.get('/v2/messages/FAQ', {
    schema: { querystring: FaqQuerySchema, response: { 200: FaqListSchema, ...failures } },
  }, (req) => m.studio.publicFaqs(req.query.buildingId));

  app.post('/v2/messages/guests', {
    config: { rateLimit: attemptLimit({ max: 20, timeWindow: '10 minutes' }) },
    schema: { body: GuestBodySchema, response: { 200: GuestAnswerSchema, ...failures } },
  }, (req) => m.parties.createGuest(req.body));

  app.post('/v2/messages/images', {
    config: { rateLimit: attemptLimit({ max: 60, timeWindow: '10 minutes' }) },
    bodyLimit: CHAT_IMAGE_MAX_BYTES + 1,
    schema: { response: { 200: UploadedImageSchema, ...failures } },
  }, async (req) => {
    await requireParty(m, req);
    if (!Buffer.isBuffer(req.body)) throw new AppError('UNSUPPORTED_MEDIA', 'Send the image file itself as the request body.', 'body');
    return m.images.store(req.body);
  });
};
