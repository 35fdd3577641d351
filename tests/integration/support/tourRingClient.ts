import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { TOUR_RING_NAMESPACE, TOUR_RING_PROTOCOL_VERSION, type Ack, type TourRingClientEvents, type TourRingServerEvents } from '../../../src/protocol/tourRing.ts';
import { SOCIAL_SOCKET_PATH } from '../../../src/protocol/social.ts';

export type TestRingSocket = Socket<TourRingServerEvents, TourRingClientEvents>;

/** A /tour-ring client as the viewer (a device id) or a guide's console (with a session) makes one. */
export async function connectRing(baseUrl: string, sessionToken?: string): Promise<TestRingSocket> {
  const socket: TestRingSocket = io(`${baseUrl}${TOUR_RING_NAMESPACE}`, {
    path: SOCIAL_SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true,
    auth: { v: TOUR_RING_PROTOCOL_VERSION, deviceId: randomBytes(12).toString('hex'), ...(sessionToken ? { sessionToken } : {}) },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export async function askRing<E extends keyof TourRingClientEvents>(
  socket: TestRingSocket, event: E, request: Parameters<TourRingClientEvents[E]>[0],
): Promise<Parameters<Parameters<TourRingClientEvents[E]>[1]>[0]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (socket.timeout(5000) as any).emitWithAck(event, request);
}

export function ok<T>(answer: Ack<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

/** Collects every event of that name from now on. */
export function record<E extends keyof TourRingServerEvents>(socket: TestRingSocket, event: E): Array<Parameters<TourRingServerEvents[E]>[0]> {
  const seen: Array<Parameters<TourRingServerEvents[E]>[0]> = [];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (socket as any).on(event, (payload: Parameters<TourRingServerEvents[E]>[0]) => seen.push(payload));
  return seen;
}
