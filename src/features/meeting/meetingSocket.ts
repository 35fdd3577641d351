// The viewer's end of the /meeting namespace: same origin, WebSocket only, Socket.IO's own reconnection (the
// controller spends a fresh credential after each one).
import { io, type Socket } from 'socket.io-client';
import { MEETING_NAMESPACE, type Ack, type MeetingClientEvents, type MeetingServerEvents } from '../../protocol/meeting.ts';
import { SOCIAL_PROTOCOL_VERSION, SOCIAL_SOCKET_PATH } from '../../protocol/social.ts';

type Request<E extends keyof MeetingClientEvents> = Parameters<MeetingClientEvents[E]>[0];
type Answer<E extends keyof MeetingClientEvents> = Parameters<Parameters<MeetingClientEvents[E]>[1]>[0];
export type AnswerData<E extends keyof MeetingClientEvents> = Extract<Answer<E>, { ok: true }>['data'];

/** A refusal from the server, with its code (MEETING_FULL, FORBIDDEN, ...). */
export class MeetingRefusal extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export interface MeetingSocket {
  ask<E extends keyof MeetingClientEvents>(event: E, request: Request<E>): Promise<AnswerData<E>>;
  /** Fire and forget (co-navigation): no acknowledgement is awaited. */
  tell<E extends keyof MeetingClientEvents>(event: E, request: Request<E>): void;
  on<E extends keyof MeetingServerEvents>(event: E, listener: MeetingServerEvents[E]): () => void;
  onStatus(listener: (status: 'connected' | 'disconnected' | 'reconnected') => void): () => void;
  readonly connected: boolean;
  close(): void;
}

const ACK_TIMEOUT_MS = 15_000;

export function openMeetingSocket(deviceId: string, url = ''): Promise<MeetingSocket> {
  const socket: Socket<MeetingServerEvents, MeetingClientEvents> = io(`${url}${MEETING_NAMESPACE}`, {
    path: SOCIAL_SOCKET_PATH,
    transports: ['websocket'],
    auth: { v: SOCIAL_PROTOCOL_VERSION, deviceId },
    reconnectionDelay: 500,
    reconnectionDelayMax: 4000,
    timeout: 8000,
  });
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      socket.disconnect();
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error('connect timeout')), 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('connect_error');
      resolve(wrap(socket));
    });
    socket.on('connect_error', () => {
      /* retried by Socket.IO until the timer gives up */
    });
  });
}

function wrap(socket: Socket<MeetingServerEvents, MeetingClientEvents>): MeetingSocket {
  return {
    async ask(event, request) {
      // The typed emitWithAck overloads do not survive a generic event name; the answer type is restored here.
      const answer = (await (socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(e: string, r: unknown): Promise<Ack<unknown>> }).emitWithAck(event, request));
      if (!answer.ok) throw new MeetingRefusal(answer.error.code, answer.error.message);
      return answer.data as never;
    },
    tell(event, request) {
      (socket as unknown as { emit(e: string, r: unknown): void }).emit(event, request);
    },
    on(event, listener) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      socket.on(event, listener as any);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return () => void socket.off(event, listener as any);
    },
    onStatus(listener) {
      const down = () => listener('disconnected');
      const back = () => listener('reconnected');
      socket.on('disconnect', down);
      socket.io.on('reconnect', back);
      return () => {
        socket.off('disconnect', down);
        socket.io.off('reconnect', back);
      };
    },
    get connected() {
      return socket.connected;
    },
    close: () => void socket.disconnect(),
  };
}
