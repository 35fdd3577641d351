import type { ChatImage } from '../../../protocol/chat.ts';

/** A message written but not yet stored by the server. */
export interface PendingMessage {
  clientId: string;
  conversationId: string;
  type: 'text' | 'image';
  body: string;
  image?: ChatImage;
  /** When it was written (ms). */
  at: number;
  /**
   * 'sending': on its way or waiting for the connection; 'not-sent': taking longer than it should (still retried on
   * every reconnect); 'refused': the server said no (kept, with its reason, until retried or discarded).
   */
  status: 'sending' | 'not-sent' | 'refused';
  error?: { code: string; message: string };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 22 random characters (~131 bits): a message's id, made where it is written. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(22));
  return Array.from(bytes, (b) => ALPHABET[b % 62]).join('');
}

/**
 * The messages waiting to be stored, oldest first. Nothing typed and sent is ever dropped by the client: an entry
 * leaves only when the server has stored it, or when the person discards it.
 */
export class Outbox {
  private pending: PendingMessage[];
  private readonly timer: ReturnType<typeof setInterval> | null;

  constructor(private readonly opts: {
    keep?: { load(): PendingMessage[]; save(pending: PendingMessage[]): void } | undefined;
    now?: (() => number) | undefined;
    notSentAfterMs?: number | undefined;
    onChange: () => void;
  }) {
    // After a reload, what was on its way is sent again (the server recognises what it already stored).
    this.pending = (opts.keep?.load() ?? []).map((p) => ({ ...p, status: p.status === 'refused' ? 'refused' : 'sending' }));
    this.timer = setInterval(() => this.markLate(), 1000);
    (this.timer as { unref?: () => void }).unref?.();
  }

  list(): PendingMessage[] {
    return this.pending;
  }

  add(message: Omit<PendingMessage, 'at' | 'status'>): PendingMessage {
    const entry: PendingMessage = { ...message, at: this.now(), status: 'sending' };
    this.set([...this.pending, entry]);
    return entry;
  }

  /** The oldest entry that is not refused. */
  nextToSend(): PendingMessage | undefined {
    return this.pending.find((p) => p.status !== 'refused');
  }

  remove(clientId: string): void {
    if (this.pending.some((p) => p.clientId === clientId)) this.set(this.pending.filter((p) => p.clientId !== clientId));
  }

  refuse(clientId: string, code: string, message: string): void {
    this.set(this.pending.map((p) => (p.clientId === clientId ? { ...p, status: 'refused' as const, error: { code, message } } : p)));
  }

  /** Tried again now; its clock restarts, so it shows as sending until it is late again. */
  retry(clientId: string): void {
    this.set(this.pending.map((p) => {
      if (p.clientId !== clientId) return p;
      const { error: _gone, ...rest } = p;
      return { ...rest, status: 'sending' as const, at: this.now() };
    }));
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private markLate(): void {
    const limit = this.opts.notSentAfterMs ?? 8000;
    const now = this.now();
    if (!this.pending.some((p) => p.status === 'sending' && now - p.at > limit)) return;
    this.set(this.pending.map((p) => (p.status === 'sending' && now - p.at > limit ? { ...p, status: 'not-sent' as const } : p)));
  }

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  private set(next: PendingMessage[]): void {
    this.pending = next;
    this.opts.keep?.save(next);
    this.opts.onChange();
  }
}
