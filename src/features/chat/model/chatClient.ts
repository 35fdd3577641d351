// The client end of instant messaging, free of React: one socket on the /chat namespace, the conversation list with
// section 4's rules, each open conversation's timeline, and an outbox that keeps every message until the server says
// it is stored. The viewer, the studio inbox, the VR panel and the tests all drive this same class.
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_NAMESPACE, CHAT_PROTOCOL_VERSION,
  type ChatAck, type ChatClientToServerEvents, type ChatImage, type ChatMessage, type ChatServerToClientEvents, type Conversation,
  type MessageCreated, type MessagesAnswer, type SendAnswer,
} from '../../../protocol/chat.ts';
import { SOCIAL_SOCKET_PATH } from '../../../protocol/social.ts';
import { markRead, receiveMessage, replaceLine, type Viewing } from './conversationList.ts';
import { addMessages, emptyTimeline, type Timeline } from './timeline.ts';
import { newClientId, Outbox, type PendingMessage } from './outbox.ts';

type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;

/** The HTTP calls the client needs (the browser's go through src/api with the identity headers; tests bring their own). */
export interface ChatApi {
  conversations(): Promise<Conversation[]>;
  messages(conversationId: string, query: { after?: number; before?: number; limit?: number }): Promise<MessagesAnswer>;
  read(conversationId: string, seq: number): Promise<unknown>;
}

export interface ChatClientOptions {
  /** Origin of the server; the viewer uses its own ('' = same origin). */
  url?: string;
  auth: { sessionToken?: string; guestToken?: string };
  api: ChatApi;
  /** Where the outbox survives a reload (consent permitting); in memory otherwise. */
  keep?: { load(): PendingMessage[]; save(pending: PendingMessage[]): void };
  /** A message not stored after this long is shown as not sent (it is still retried on every reconnect). */
  notSentAfterMs?: number;
  ackTimeoutMs?: number;
  /** First wait before reconnecting (Socket.IO's default 1 s; tests that cut often use less). */
  reconnectDelayMs?: number;
  now?: () => number;
}

export interface ChatState {
  connected: boolean;
  conversations: Conversation[];
  /** Loaded conversations only. */
  timelines: Record<string, Timeline>;
  outbox: PendingMessage[];
  viewing: Viewing;
  /** Conversations whose last fetch of earlier messages failed (cleared when the next one starts). */
  olderFailed: Readonly<Record<string, true>>;
}

type SendOutcome = { kind: 'stored'; message: ChatMessage } | { kind: 'refused'; code: string; message: string } | { kind: 'wait'; ms: number } | { kind: 'lost' };

const LATEST_PAGE = 50;

export class ChatClient {
  private state: ChatState;
  private readonly listeners = new Set<(state: ChatState) => void>();
  private readonly socket: ChatSocket;
  private readonly outbox: Outbox;
  private pumping = false;
  private closed = false;
  private readonly syncing = new Map<string, Promise<void>>();

  constructor(private readonly opts: ChatClientOptions) {
    this.outbox = new Outbox({ keep: opts.keep, now: opts.now, notSentAfterMs: opts.notSentAfterMs, onChange: () => this.update({ outbox: this.outbox.list() }) });
    this.state = { connected: false, conversations: [], timelines: {}, outbox: this.outbox.list(), viewing: { openId: null, boxShown: false }, olderFailed: {} };
    this.socket = io(`${opts.url ?? ''}${CHAT_NAMESPACE}`, {
      path: SOCIAL_SOCKET_PATH,
      transports: ['websocket'],
      auth: { v: CHAT_PROTOCOL_VERSION, ...opts.auth },
      // Keep trying for as long as the page is open: messages wait in the outbox meanwhile.
      reconnectionDelay: opts.reconnectDelayMs ?? 1000,
      reconnectionDelayMax: 5000,
    });
    this.socket.on('connect', () => void this.onConnect());
    this.socket.on('disconnect', () => this.update({ connected: false }));
    this.socket.on('message:created', (event) => this.onMessage(event));
    this.socket.on('conversation:changed', ({ summary }) => this.update({ conversations: replaceLine(this.state.conversations, summary) }));
  }

  getState = (): ChatState => this.state;

  subscribe = (listener: (state: ChatState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  close(): void {
    this.closed = true;
    this.socket.disconnect();
    this.outbox.stop();
    this.listeners.clear();
  }

  /** Cuts the transport as a network failure would (tests; the client reconnects by itself). */
  dropConnection(): void {
    this.socket.io.engine?.close();
  }

  // ---- what the person does ----

  /** Queues a message; it is sent in order as soon as the connection allows, and kept until it is stored. */
  send(conversationId: string, body: string, image?: ChatImage): PendingMessage {
    const pending = this.outbox.add({ clientId: newClientId(), conversationId, type: image ? 'image' : 'text', body, ...(image ? { image } : {}) });
    void this.pump();
    return pending;
  }

  /** Sends a message that was refused or is shown as not sent again, now. */
  retry(clientId: string): void {
    this.outbox.retry(clientId);
    if (!this.socket.connected) this.socket.connect();
    void this.pump();
  }

  discard(clientId: string): void {
    this.outbox.remove(clientId);
  }

  /** Section 4: selecting a conversation opens it, marks it read and loads its latest messages. */
  async select(conversationId: string | null): Promise<void> {
    this.update({ viewing: { ...this.state.viewing, openId: conversationId } });
    if (!conversationId) return;
    if (this.state.viewing.boxShown) this.markSeen(conversationId);
    if (!this.state.timelines[conversationId]) await this.loadLatest(conversationId);
  }

  /** The box shown or hidden (an explicit value, or a flip when none is given). */
  showBox(shown?: boolean): void {
    const boxShown = shown ?? !this.state.viewing.boxShown;
    this.update({ viewing: { ...this.state.viewing, boxShown } });
    if (boxShown && this.state.viewing.openId) this.markSeen(this.state.viewing.openId);
  }

  /** A conversation line the page already has (just opened or created over HTTP). */
  addConversation(line: Conversation): void {
    this.update({ conversations: replaceLine(this.state.conversations, line) });
  }

  /** Messages the page received another way (the FAQ answer of POST /v2/messages/FAQ). */
  addMessages(conversationId: string, messages: ChatMessage[]): void {
    this.applyMessages(conversationId, messages);
  }

  /**
   * The page of messages before the first one held. A failure (network, server) is kept in the state, so the box
   * can say so and offer to try again, rather than the press doing nothing; trying again clears it.
   */
  async loadOlder(conversationId: string): Promise<void> {
    const timeline = this.state.timelines[conversationId];
    if (!timeline || timeline.firstSeq <= 1) return;
    this.setOlderFailed(conversationId, false);
    const page = await this.opts.api.messages(conversationId, { before: timeline.firstSeq, limit: LATEST_PAGE }).catch(() => null);
    if (page) this.applyMessages(conversationId, page.messages);
    else this.setOlderFailed(conversationId, true);
  }

  private setOlderFailed(conversationId: string, failed: boolean): void {
    if (Boolean(this.state.olderFailed[conversationId]) === failed) return;
    const olderFailed: Record<string, true> = { ...this.state.olderFailed };
    if (failed) olderFailed[conversationId] = true;
    else delete olderFailed[conversationId];
    this.update({ olderFailed });
  }

  /**
   * The list again from the server; failures are ignored silently (spec section 7). `replace`: the answer is the whole
   * list (a new filter); otherwise lines the page holds and the answer lacks stay.
   */
  async refreshList(replace = false): Promise<void> {
    const lines = await this.opts.api.conversations().catch(() => null);
    if (!lines || this.closed) return;
    let conversations = replace ? [] : this.state.conversations.filter((c) => !lines.some((l) => l.conversationId === c.conversationId));
    for (const line of [...lines].reverse()) conversations = replaceLine(conversations, line);
    const order = new Map(lines.map((l, i) => [l.conversationId, i]));
    conversations.sort((a, b) => (order.get(a.conversationId) ?? -1) - (order.get(b.conversationId) ?? -1));
    this.update({ conversations });
  }

  // ---- the connection ----

  private async onConnect(): Promise<void> {
    this.update({ connected: true });
    // What was missed while away: the list, and every loaded conversation after the last seq held.
    void this.refreshList();
    await Promise.all(Object.keys(this.state.timelines).map((id) => this.sync(id)));
    void this.pump();
  }

  private onMessage(event: MessageCreated): void {
    this.update({ conversations: receiveMessage(this.state.conversations, event, this.state.viewing) });
    const id = event.conversation.id;
    // The acknowledgement may have been lost on the way: the stored message coming back proves it was stored.
    if (event.isByMe && event.message.clientId) this.outbox.remove(event.message.clientId);
    if (this.state.timelines[id]) this.applyMessages(id, [event.message]);
    if (!event.isByMe && this.state.viewing.boxShown && this.state.viewing.openId === id) this.markSeen(id);
  }

  private applyMessages(conversationId: string, messages: ChatMessage[]): void {
    const timeline = this.state.timelines[conversationId] ?? emptyTimeline();
    const { timeline: next, result } = addMessages(timeline, messages);
    if (next !== timeline) this.update({ timelines: { ...this.state.timelines, [conversationId]: next } });
    if (result === 'gap') void this.sync(conversationId);
  }

  /** Fetches everything after the last seq held, page by page, once at a time per conversation. */
  private sync(conversationId: string): Promise<void> {
    const running = this.syncing.get(conversationId);
    if (running) return running;
    const run = (async () => {
      for (let pages = 0; pages < 1000 && !this.closed; pages++) {
        const after = this.state.timelines[conversationId]?.lastSeq ?? 0;
        const page = await this.opts.api.messages(conversationId, { after }).catch(() => null);
        if (!page) return;
        this.applyMessages(conversationId, page.messages);
        if (!page.hasMore) return;
      }
    })().finally(() => this.syncing.delete(conversationId));
    this.syncing.set(conversationId, run);
    return run;
  }

  private async loadLatest(conversationId: string): Promise<void> {
    const line = this.state.conversations.find((c) => c.conversationId === conversationId);
    const before = (line?.lastSeq ?? 0) + 1;
    const page = await this.opts.api.messages(conversationId, { before, limit: LATEST_PAGE }).catch(() => null);
    this.update({ timelines: { ...this.state.timelines, [conversationId]: this.state.timelines[conversationId] ?? emptyTimeline() } });
    if (page) this.applyMessages(conversationId, page.messages);
    await this.sync(conversationId);
  }

  private markSeen(conversationId: string): void {
    const line = this.state.conversations.find((c) => c.conversationId === conversationId);
    this.update({ conversations: markRead(this.state.conversations, conversationId) });
    if (line && line.lastSeq > line.readSeq) void this.opts.api.read(conversationId, line.lastSeq).catch(() => {});
  }

  // ---- the outbox ----

  /** One message at a time, in order: the next one goes only once the last is stored (or refused for good). */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.socket.connected && !this.closed) {
        const next = this.outbox.nextToSend();
        if (!next) break;
        const outcome = await this.emitSend(next);
        if (outcome.kind === 'stored') {
          this.outbox.remove(next.clientId);
          this.applyMessages(next.conversationId, [outcome.message]);
        } else if (outcome.kind === 'refused') {
          this.outbox.refuse(next.clientId, outcome.code, outcome.message);
        } else if (outcome.kind === 'wait') {
          await new Promise((r) => setTimeout(r, outcome.ms));
        }
        // 'lost': the loop ends if the connection is gone; the next connect pumps again.
      }
    } finally {
      this.pumping = false;
    }
  }

  private emitSend(pending: PendingMessage): Promise<SendOutcome> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (outcome: SendOutcome) => {
        if (done) return;
        done = true;
        this.socket.off('disconnect', onDisconnect);
        resolve(outcome);
      };
      const onDisconnect = () => finish({ kind: 'lost' });
      this.socket.once('disconnect', onDisconnect);
      const request = { conversationId: pending.conversationId, clientId: pending.clientId, type: pending.type, body: pending.body, ...(pending.image ? { image: pending.image } : {}) };
      this.socket.timeout(this.opts.ackTimeoutMs ?? 10_000).emit('message:send', request, (error: Error | null, answer: ChatAck<SendAnswer>) => {
        if (error) return finish({ kind: 'lost' });
        if (answer.ok) return finish({ kind: 'stored', message: answer.data.message });
        if (answer.error.code === 'RATE_LIMITED') return finish({ kind: 'wait', ms: answer.error.retryAfterMs ?? 1000 });
        if (answer.error.code === 'INTERNAL') return finish({ kind: 'wait', ms: 2000 });
        finish({ kind: 'refused', code: answer.error.code, message: answer.error.message });
      });
    });
  }

  private update(patch: Partial<ChatState>): void {
    if (this.closed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}
