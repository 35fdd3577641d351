import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_NAMESPACE, CHAT_PROTOCOL_VERSION, GUEST_TOKEN_HEADER,
  type ChatAck, type ChatClientToServerEvents, type ChatServerToClientEvents, type Conversation, type GuestAnswer,
} from '../../../src/protocol/chat.ts';
import type { ChatApi } from '../../../src/features/chat/model/chatClient.ts';
import { SOCIAL_SOCKET_PATH } from '../../../src/protocol/social.ts';

export type TestChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

export const clientId = (): string => randomBytes(12).toString('base64url');

/** A socket on the chat namespace, as a person with a session token or a guest token. */
export async function connectChat(baseUrl: string, auth: { sessionToken?: string; guestToken?: string }): Promise<TestChatSocket> {
  const socket: TestChatSocket = io(`${baseUrl}${CHAT_NAMESPACE}`, {
    path: SOCIAL_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true,
    auth: { v: CHAT_PROTOCOL_VERSION, ...auth },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export async function askChat<E extends keyof ChatClientToServerEvents>(
  socket: TestChatSocket, event: E, request: Parameters<ChatClientToServerEvents[E]>[0],
): Promise<Parameters<Parameters<ChatClientToServerEvents[E]>[1]>[0]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (socket.timeout(5000) as any).emitWithAck(event, request);
}

export function ok<T>(answer: ChatAck<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

/** Collects every event of one name a socket receives. */
export function collect<E extends keyof ChatServerToClientEvents>(socket: TestChatSocket, event: E): Parameters<ChatServerToClientEvents[E]>[0][] {
  const seen: Parameters<ChatServerToClientEvents[E]>[0][] = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (socket as any).on(event, (payload: never) => seen.push(payload));
  return seen;
}

export async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A guest of a tour through the real route, with the header its HTTP calls carry. */
export async function createGuest(app: FastifyInstance, buildingId: string, name = 'Grace Hopper'): Promise<GuestAnswer & { headers: Record<string, string> }> {
  const res = await app.inject({ method: 'POST', url: '/v2/messages/guests', payload: { buildingId, name, email: `${clientId().toLowerCase()}@example.test` } });
  if (res.statusCode !== 200) throw new Error(`guest failed: ${res.statusCode} ${res.body}`);
  const answer = res.json<GuestAnswer>();
  return { ...answer, headers: { [GUEST_TOKEN_HEADER]: answer.guestToken } };
}

/** The ChatClient's HTTP calls over fetch, as one person (identity or guest headers). */
export function httpChatApi(baseUrl: string, headers: Record<string, string>, isVisitor = true): ChatApi {
  const get = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) }, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  return {
    conversations: async () => (await get<{ conversations: Conversation[] }>(`/v2/messages/conversations?isVisitor=${isVisitor}`)).conversations,
    messages: (id, q) => get(`/v2/messages/conversations/${id}/messages?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`),
    read: (id, seq) => get(`/v2/messages/conversations/${id}/read`, { method: 'POST', body: JSON.stringify({ seq }) }),
  };
}
