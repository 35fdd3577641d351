// One /tour-ring socket (src/protocol/tourRing.ts): a caller's (device id, and the session when signed in) or a
// guide's console (the session). Acknowledged requests are promises that fail with the server's coded error.
import { io, type Socket } from 'socket.io-client';
import type { TourRingClientEvents, TourRingServerEvents } from '../../../protocol/tourRing.ts';
import { TOUR_RING_NAMESPACE, TOUR_RING_PROTOCOL_VERSION } from '../../../protocol/tourRingNames.ts';
import { SOCIAL_SOCKET_PATH } from '../../../protocol/social.ts';

export type RingSocket = Socket<TourRingServerEvents, TourRingClientEvents>;
type Request<E extends keyof TourRingClientEvents> = Parameters<TourRingClientEvents[E]>[0];
type Answer<E extends keyof TourRingClientEvents> = Parameters<TourRingClientEvents[E]>[1] extends (answer: infer A) => void ? (A extends { ok: true; data: infer D } ? D : never) : never;

const ACK_TIMEOUT_MS = 10_000;

export class RingRefusal extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export function openRingSocket(auth: { deviceId: string; sessionToken: string | null }, url = ''): RingSocket {
  return io(`${url}${TOUR_RING_NAMESPACE}`, {
    path: SOCIAL_SOCKET_PATH,
    transports: ['websocket'],
    auth: { v: TOUR_RING_PROTOCOL_VERSION, deviceId: auth.deviceId, ...(auth.sessionToken ? { sessionToken: auth.sessionToken } : {}) },
    reconnectionDelay: 500,
    reconnectionDelayMax: 4_000,
  });
}

export async function ask<E extends keyof TourRingClientEvents>(socket: RingSocket, event: E, request: Request<E>): Promise<Answer<E>> {
  // Socket.IO's typed emitWithAck cannot follow a generic event name; the answer's shape is the protocol's.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const answer = await (socket.timeout(ACK_TIMEOUT_MS) as any).emitWithAck(event, request) as { ok: boolean; data?: Answer<E>; error?: { code: string; message: string } };
  if (!answer.ok) throw new RingRefusal(answer.error?.code ?? 'INTERNAL', answer.error?.message ?? 'Something went wrong.');
  return answer.data as Answer<E>;
}
