// The viewer's end of the realtime contract (src/protocol/social.ts). Same origin as the page, WebSocket only.
// Spec section 7: when the realtime service cannot be reached in time the tour goes on without social data and
// says nothing, so connect() answers null instead of failing.
import { io, type Socket } from 'socket.io-client';
import { CHINA_CHECK_TIMEOUT_MS } from '../../protocol/constants.ts';
import {
  SOCIAL_PROTOCOL_VERSION, SOCIAL_SOCKET_PATH,
  type Ack, type ClientToServerEvents, type ServerToClientEvents,
} from '../../protocol/social.ts';

type SocialSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Request<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[0];
type Answer<E extends keyof ClientToServerEvents> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** The spec's realtime budget: the 2 s after which the product gives up on its realtime database. */
export const CONNECT_TIMEOUT_MS = CHINA_CHECK_TIMEOUT_MS;
/** A request the server does not acknowledge in this time counts as failed (and is swallowed by callers). */
const ACK_TIMEOUT_MS = 10_000;

export interface SocialConnection {
  ask<E extends keyof ClientToServerEvents>(event: E, request: Request<E>): Promise<Answer<E>>;
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): () => void;
  /** Called after the connection came back from an interruption (the room must be joined again). */
  onReconnect(listener: () => void): () => void;
  close(): void;
}

export interface ConnectOptions {
  deviceId: string;
  sessionToken: string | null;
  /** Whether the device keeps its id (cookie consent): the server then counts views per device id. */
  deviceKept?: boolean;
  timeoutMs?: number;
  /** Tests point it elsewhere; the viewer uses its own origin. */
  url?: string;
}

export function connect(opts: ConnectOptions): Promise<SocialConnection | null> {
  const socket: SocialSocket = io(opts.url ?? '', {
    path: SOCIAL_SOCKET_PATH,
    transports: ['websocket'],
    auth: { v: SOCIAL_PROTOCOL_VERSION, deviceId: opts.deviceId, deviceKept: opts.deviceKept ?? false, ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}) },
    timeout: opts.timeoutMs ?? CONNECT_TIMEOUT_MS,
  });
  return new Promise((resolve) => {
    const giveUp = setTimeout(() => {
      // Stops the reconnection attempts too: an unreachable service costs nothing more after 2 s.
      socket.disconnect();
      resolve(null);
    }, opts.timeoutMs ?? CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(giveUp);
      resolve(wrap(socket));
    });
  });
}

function wrap(socket: SocialSocket): SocialConnection {
  return {
    async ask(event, request) {
      // The typed emitWithAck overloads do not survive a generic event name; the answer type is restored below.
      const answer = (await (socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(e: string, r: unknown): Promise<unknown> }).emitWithAck(event, request));
      return answer as Ack<never> as never;
    },
    on(event, listener) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      socket.on(event, listener as any);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return () => void socket.off(event, listener as any);
    },
    onReconnect(listener) {
      socket.io.on('reconnect', listener);
      return () => void socket.io.off('reconnect', listener);
    },
    close: () => void socket.disconnect(),
  };
}
