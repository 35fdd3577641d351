import type { ChatMessage } from '../../../protocol/chat.ts';

/**
 * A conversation's stored messages as one client holds them: in seq order, each once. `lastSeq` is the newest seq
 * held with nothing missing before it; a message further ahead means something was missed and a sync is due.
 */
export interface Timeline {
  messages: ChatMessage[];
  /** Every seq up to this one is held (0: none yet, or only a later page was loaded; see `firstSeq`). */
  lastSeq: number;
  /** The oldest seq held (older history is paged in on demand). */
  firstSeq: number;
}

export const emptyTimeline = (): Timeline => ({ messages: [], lastSeq: 0, firstSeq: 1 });

export type AddResult = 'added' | 'duplicate' | 'gap';

/** Adds messages (from an acknowledgement, a live event or a sync); answers 'gap' when one came too early. */
export function addMessages(timeline: Timeline, incoming: readonly ChatMessage[]): { timeline: Timeline; result: AddResult } {
  let { lastSeq } = timeline;
  const bySeq = new Map(timeline.messages.map((m) => [m.seq, m]));
  let added = false;
  for (const message of incoming) {
    if (bySeq.has(message.seq)) continue;
    bySeq.set(message.seq, message);
    added = true;
  }
  if (!added) return { timeline, result: 'duplicate' };
  const messages = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  // The window held starts at its oldest message; lastSeq advances only over an unbroken run from there.
  const firstSeq = messages[0]!.seq;
  lastSeq = Math.max(lastSeq, firstSeq - 1);
  for (const m of messages) if (m.seq === lastSeq + 1) lastSeq = m.seq;
  return { timeline: { messages, lastSeq, firstSeq }, result: messages[messages.length - 1]!.seq > lastSeq ? 'gap' : 'added' };
}

/** Whether the client holds everything the server said exists. */
export const isComplete = (timeline: Timeline, serverLastSeq: number): boolean => timeline.lastSeq >= serverLastSeq;
