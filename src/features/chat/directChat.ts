// The seam other features use to open a direct conversation in the chat box (the lounge's "Message" button): a tiny
// store the chat layer listens to, so the lounge never imports the chat box's code.
import { useSyncExternalStore } from 'react';

export interface DirectChatRequest {
  userId: string;
  /** Distinguishes two requests for the same person. */
  seq: number;
}

let request: DirectChatRequest | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

export function requestDirectChat(userId: string): void {
  request = { userId, seq: ++seq };
  notify();
}

/** The chat layer took the request: it is not repeated when the layer mounts again. */
export function takeDirectChat(taken: DirectChatRequest): void {
  if (request?.seq === taken.seq) request = null;
  notify();
}

export function useDirectChatRequest(): DirectChatRequest | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, () => request);
}
