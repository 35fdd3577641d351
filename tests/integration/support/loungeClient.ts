import { io, type Socket } from 'socket.io-client';
import { LOUNGE_NAMESPACE, LOUNGE_PROTOCOL_VERSION, type Ack, type LoungeClientEvents, type LoungeServerEvents } from '../../../src/protocol/lounge.ts';
import { SOCIAL_SOCKET_PATH } from '../../../src/protocol/social.ts';

export type TestLoungeSocket = Socket<LoungeServerEvents, LoungeClientEvents>;

/** A signed-in lounge client, as the viewer makes one (WebSocket only, the lounge namespace). */
export async function connectLounge(baseUrl: string, sessionToken: string): Promise<TestLoungeSocket> {
  const socket: TestLoungeSocket = io(`${baseUrl}${LOUNGE_NAMESPACE}`, {
    path: SOCIAL_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { v: LOUNGE_PROTOCOL_VERSION, sessionToken },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type Asked = Exclude<keyof LoungeClientEvents, 'pose:update'>;

export async function askLounge<E extends Asked>(
  socket: TestLoungeSocket, event: E, request: Parameters<LoungeClientEvents[E]>[0],
): Promise<Parameters<Parameters<LoungeClientEvents[E]>[1]>[0]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (socket.timeout(5000) as any).emitWithAck(event, request);
}

export function ok<T>(answer: Ack<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

export function failure<T>(answer: Ack<T>): { code: string; message: string } {
  if (answer.ok) throw new Error('expected a failure');
  return answer.error;
}

/** The next event of that name matching the test, or a failure after `ms`. */
export function nextEvent<E extends keyof LoungeServerEvents>(
  socket: TestLoungeSocket, event: E, match: (payload: Parameters<LoungeServerEvents[E]>[0]) => boolean = () => true, ms = 5000,
): Promise<Parameters<LoungeServerEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listener = (payload: Parameters<LoungeServerEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (socket as any).off(event, listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      (socket as any).off(event, listener);
      reject(new Error(`no matching ${event} within ${ms} ms`));
    }, ms);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (socket as any).on(event, listener);
  });
}

/** Collects every event of that name from now on. */
export function record<E extends keyof LoungeServerEvents>(socket: TestLoungeSocket, event: E): Array<Parameters<LoungeServerEvents[E]>[0]> {
  const seen: Array<Parameters<LoungeServerEvents[E]>[0]> = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (socket as any).on(event, (payload: Parameters<LoungeServerEvents[E]>[0]) => seen.push(payload));
  return seen;
}
