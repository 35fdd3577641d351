// The viewer's end of the realtime contract (src/protocol/social.ts). Same origin as the page, WebSocket only.
// Spec section 7: while the realtime service cannot be reached the tour goes on without social data and says
// nothing. It is not given up on: attempts go on with back-off, so a server that was slow or restarting at the
// visitor's arrival still brings likes, comments and the view count when it answers.
import { io, type Socket } from 'socket.io-client';
import {
  SOCIAL_PROTOCOL_VERSION, SOCIAL_SOCKET_PATH,
  type Ack, type ClientToServerEvents, type ServerToClientEvents,
} from '../../protocol/social.ts';

type SocialSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Request<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[0];
type Answer<E extends keyof ClientToServerEvents> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

/** One attempt's budget; the next starts after a back-off of 1 s doubling up to 30 s (with jitter). */
export const CONNECT_TIMEOUT_MS = 5_000;
const RETRY_DELAY_MS = 1_000;
const RETRY_DELAY_MAX_MS = 30_000;
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

/** A connection on its way: `ready` settles once the service answers (it may never); close() stops trying. */
export interface PendingConnection {
  ready: Promise<SocialConnection>;
  close(): void;
}

export function connect(opts: ConnectOptions): PendingConnection {
  const socket: SocialSocket = io(opts.url ?? '', {
    path: SOCIAL_SOCKET_PATH,
    transports: ['websocket'],
    auth: { v: SOCIAL_PROTOCOL_VERSION, deviceId: opts.deviceId, deviceKept: opts.deviceKept ?? false, ...(opts.sessionToken ? { sessionToken: opts.sessionToken } : {}) },
    timeout: opts.timeoutMs ?? CONNECT_TIMEOUT_MS,
    reconnectionDelay: RETRY_DELAY_MS,
    reconnectionDelayMax: RETRY_DELAY_MAX_MS,
  });
  const ready = new Promise<SocialConnection>((resolve) => socket.once('connect', () => resolve(wrap(socket))));
  return { ready, close: () => void socket.disconnect() };
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
