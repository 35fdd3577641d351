import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import {
  CHAT_NAMESPACE, CHAT_SYNC_BATCH, ChatHandshakeSchema, partyRoom, ReadRequestSchema, SendMessageSchema, SyncRequestSchema,
  type ChatClientToServerEvents, type ChatServerToClientEvents,
} from '../../protocol/chat.ts';
import type { ChatModule } from '../modules/chat/chat.routes.ts';
import type { ChatParty } from '../modules/chat/chatParties.ts';
import { ackHandler } from './ackHandler.ts';
import type { ResolveSessionUser } from './socketIdentity.ts';

interface ChatSocketData {
  party: ChatParty;
}
type ChatNamespace = Namespace<ChatClientToServerEvents, ChatServerToClientEvents, Record<string, never>, ChatSocketData>;
type ChatSocket = Socket<ChatClientToServerEvents, ChatServerToClientEvents, Record<string, never>, ChatSocketData>;

/**
 * Instant messaging on the namespace /chat of the one Socket.IO server. Each socket joins its person's room; the
 * service stores every message before it is acknowledged and then tells each member's room (shared by every server
 * process through the Redis adapter). Nothing is kept in the socket layer: a client that was away asks for what came
 * after the last seq it saw (messages:sync), so a restart or a cut connection loses nothing.
 */
export function attachChatGateway(io: Server, chat: ChatModule, resolveUser: ResolveSessionUser, log: FastifyBaseLogger): ChatNamespace {
  const nsp = io.of(CHAT_NAMESPACE) as unknown as ChatNamespace;

  nsp.use((socket, next) => {
    const auth = ChatHandshakeSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('Unsupported handshake'));
    partyFromHandshake(chat, resolveUser, auth.data).then(
      (party) => {
        if (!party) return next(new Error('UNAUTHENTICATED'));
        socket.data.party = party;
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });

  nsp.on('connection', (socket) => registerChatHandlers(socket, chat, log));

  chat.service.deliverThrough({
    messageCreated: (key, payload) => void nsp.to(partyRoom(key)).emit('message:created', payload),
    conversationChanged: (key, payload) => void nsp.to(partyRoom(key)).emit('conversation:changed', payload),
  });
  return nsp;
}

async function partyFromHandshake(chat: ChatModule, resolveUser: ResolveSessionUser, auth: { sessionToken?: string | undefined; guestToken?: string | undefined }): Promise<ChatParty | null> {
  if (auth.sessionToken) {
    const user = await resolveUser(auth.sessionToken).catch(() => null);
    if (user) return chat.parties.forUser(user.id);
  }
  return auth.guestToken ? chat.parties.forGuestToken(auth.guestToken) : null;
}

function registerChatHandlers(socket: ChatSocket, chat: ChatModule, log: FastifyBaseLogger): void {
  const party = socket.data.party;
  void socket.join(partyRoom(party.key));
  const handle = ackHandler(log, socket.id, 'chat');

  // Sends from one socket are stored one after another in the order they arrived, so a client that resends its
  // unacknowledged messages after a reconnect can never see them stored out of order.
  let sending: Promise<unknown> = Promise.resolve();
  socket.on('message:send', handle(SendMessageSchema, (request) => {
    const stored = sending.then(() => chat.service.send(party, request));
    sending = stored.catch(() => {});
    return stored.then((message) => ({ message }));
  }));

  socket.on('messages:sync', handle(SyncRequestSchema, ({ conversationId, after }) =>
    chat.service.messages(party, conversationId, { after, limit: CHAT_SYNC_BATCH })));

  socket.on('conversation:read', handle(ReadRequestSchema, ({ conversationId, seq }) => chat.service.markRead(party, conversationId, seq)));
}
