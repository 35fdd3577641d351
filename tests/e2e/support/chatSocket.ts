import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_NAMESPACE, CHAT_PROTOCOL_VERSION, type ChatAck, type ChatClientToServerEvents, type ChatServerToClientEvents, type SendAnswer,
} from '../../../src/protocol/chat.ts';
import { SOCIAL_SOCKET_PATH } from '../../../src/protocol/social.ts';

// Someone writing in a conversation without a browser, through the real chat socket, as the protocol describes
// (the browser suite seeds long conversations this way; it keeps its own helpers rather than reach into the
// integration suite's support).

export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** A fresh clientId, as the page's outbox makes one for every message. */
export const newClientId = (): string => randomBytes(12).toString('base64url');

/** A socket on the chat namespace as the member of `sessionToken`, once connected. */
export async function connectChat(baseUrl: string, sessionToken: string): Promise<ChatSocket> {
  const socket: ChatSocket = io(`${baseUrl}${CHAT_NAMESPACE}`, {
    path: SOCIAL_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true,
    auth: { v: CHAT_PROTOCOL_VERSION, sessionToken },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Sends a text message and waits until the server says it is stored (throws with the server's code otherwise). */
export async function sendStored(socket: ChatSocket, conversationId: string, body: string): Promise<void> {
  const answer = await new Promise<ChatAck<SendAnswer>>((resolve, reject) => {
    socket.timeout(5000).emit('message:send', { conversationId, clientId: newClientId(), type: 'text', body }, (error: Error | null, ack: ChatAck<SendAnswer>) => {
      if (error) reject(error);
      else resolve(ack);
    });
  });
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
}
