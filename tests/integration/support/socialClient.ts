import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  SOCIAL_PROTOCOL_VERSION, SOCIAL_SOCKET_PATH, type Ack, type ClientToServerEvents, type ServerToClientEvents,
} from '../../../src/protocol/social.ts';

export type TestSocialSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const randomKey = (): string => randomBytes(12).toString('base64url');

/** A connected realtime client, as the viewer makes one (WebSocket only, protocol version, device id). */
export async function connectSocial(baseUrl: string, opts: { deviceId?: string; sessionToken?: string; headers?: Record<string, string>; deviceKept?: boolean } = {}): Promise<TestSocialSocket> {
  const socket: TestSocialSocket = io(baseUrl, {
    path: SOCIAL_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    ...(opts.headers ? { extraHeaders: opts.headers } : {}),
    auth: { v: SOCIAL_PROTOCOL_VERSION, deviceId: opts.deviceId ?? randomKey(), deviceKept: opts.deviceKept ?? true, ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}) },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Sends an event and answers its acknowledgement, failing the test after 5 s of silence. */
export async function ask<E extends keyof ClientToServerEvents>(
  socket: TestSocialSocket, event: E, request: Parameters<ClientToServerEvents[E]>[0],
): Promise<Parameters<Parameters<ClientToServerEvents[E]>[1]>[0]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (socket.timeout(5000) as any).emitWithAck(event, request);
}

export function dataOf<T>(answer: Ack<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

/** The next event of that name, or a failure after 5 s. */
export function next<E extends keyof ServerToClientEvents>(socket: TestSocialSocket, event: E): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (socket as any).once(event, (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
