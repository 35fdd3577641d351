// The viewer's end of the /lounge namespace (src/protocol/lounge.ts): one socket per signed-in page, joined to the
// tour it shows, and the state the panel draws. Free of React; the DOM panel and the in-world panel read the same.
import { io, type Socket } from 'socket.io-client';
import {
  LOUNGE_NAMESPACE, LOUNGE_PROTOCOL_VERSION, POSE_INTERVAL_MS,
  type Ack, type LoungeClientEvents, type LoungeJoinRequest, type LoungeServerEvents, type LoungeState, type PersonCard, type PersonRelation,
  type MeetingInvite, type MeetingStarted, type Pose, type PoseBatch, type Relation,
} from '../../../protocol/lounge.ts';
import { SOCIAL_SOCKET_PATH } from '../../../protocol/social.ts';

export type LoungeStatus = 'connecting' | 'joined' | 'ticket-required' | 'refused' | 'offline';

export interface LoungeSnapshot {
  status: LoungeStatus;
  /** The server's sentence when it refused the join (a whitelist, a removed tour). */
  refusal: string | null;
  me: LoungeState['me'] | null;
  online: ReadonlyMap<string, PersonCard>;
  relations: ReadonlyMap<string, Relation>;
  /** Cards of people known through a relation (offline ones too). */
  people: ReadonlyMap<string, PersonCard>;
  avatarLimit: number;
  /** Video meetings are on: connections get a "Video meeting" button. */
  meetingsOn: boolean;
  /** A connection's meeting invitation waiting for my answer (the latest one). */
  meetingInvite: MeetingInvite | null;
  /** True while the list shown is the one kept from before a reload, not yet confirmed by the server. */
  kept: boolean;
}

export class LoungeRefusal extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

type Request<E extends keyof LoungeClientEvents> = Parameters<LoungeClientEvents[E]>[0];
// 'pose:update' has no acknowledgement: its answer is never.
type Answer<E extends keyof LoungeClientEvents> = Parameters<LoungeClientEvents[E]>[1] extends (answer: infer A) => void ? (A extends { ok: true; data: infer D } ? D : never) : never;

export interface LoungeClientOptions {
  sessionToken: string;
  place: LoungeJoinRequest;
  /** The list kept from this tab's previous page (sessionStorage), shown until the server answers. */
  kept?: PersonCard[];
  keep?: (online: PersonCard[]) => void;
  url?: string;
}

const ACK_TIMEOUT_MS = 10_000;

export class LoungeClient {
  private readonly socket: Socket<LoungeServerEvents, LoungeClientEvents>;
  private snapshot: LoungeSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly poseListeners = new Set<(batch: PoseBatch) => void>();
  private place: LoungeJoinRequest;
  private lastPoseAt = 0;

  constructor(private readonly opts: LoungeClientOptions) {
    this.place = opts.place;
    const kept = new Map((opts.kept ?? []).map((p) => [p.userId, p]));
    this.snapshot = { status: 'connecting', refusal: null, me: null, online: kept, relations: new Map(), people: new Map(), avatarLimit: 0, meetingsOn: false, meetingInvite: null, kept: kept.size > 0 };
    this.socket = io(`${opts.url ?? ''}${LOUNGE_NAMESPACE}`, {
      path: SOCIAL_SOCKET_PATH,
      transports: ['websocket'],
      auth: { v: LOUNGE_PROTOCOL_VERSION, sessionToken: opts.sessionToken },
      reconnectionDelay: 500,
      reconnectionDelayMax: 4_000,
    });
    // Every (re)connection joins again: the server forgets a socket's lounge with the socket.
    this.socket.on('connect', () => void this.join());
    this.socket.on('disconnect', () => this.set({ status: 'offline' }));
    this.socket.on('connect_error', () => this.set({ status: 'offline' }));
    this.socket.on('presence:updated', (card) => {
      if (card.userId === this.snapshot.me?.userId || this.snapshot.relations.get(card.userId)?.blocked) return;
      this.set({ online: withEntry(this.snapshot.online, card.userId, card) });
    });
    this.socket.on('presence:left', ({ userId }) => this.set({ online: without(this.snapshot.online, userId) }));
    this.socket.on('person:hidden', ({ userId }) => this.set({ online: without(this.snapshot.online, userId) }));
    this.socket.on('relation:changed', (change) => this.applyRelation(change));
    this.socket.on('meeting:invited', (invite) => this.set({ meetingInvite: invite }));
    this.socket.on('pose:batched', (batch) => {
      for (const listener of this.poseListeners) listener(batch);
    });
  }

  getState = (): LoungeSnapshot => this.snapshot;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  onPoses(listener: (batch: PoseBatch) => void): () => void {
    this.poseListeners.add(listener);
    return () => void this.poseListeners.delete(listener);
  }

  private set(next: Partial<LoungeSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    if (next.online && this.snapshot.status === 'joined') this.opts.keep?.([...this.snapshot.online.values()]);
    for (const listener of [...this.listeners]) listener();
  }

  private applyRelation({ person, relation }: PersonRelation): void {
    const online = relation.blocked ? without(this.snapshot.online, person.userId) : this.snapshot.online;
    this.set({
      relations: withEntry(this.snapshot.relations, person.userId, relation),
      people: withEntry(this.snapshot.people, person.userId, person),
      online,
    });
  }

  async join(): Promise<void> {
    try {
      const state = await this.ask('lounge:join', this.place);
      this.set({
        status: 'joined', refusal: null, me: state.me, avatarLimit: state.avatarLimit, meetingsOn: state.meetingsOn ?? false, kept: false,
        online: new Map(state.online.map((p) => [p.userId, p])),
        relations: new Map(state.relations.map((r) => [r.person.userId, r.relation])),
        people: new Map(state.relations.map((r) => [r.person.userId, r.person])),
      });
    } catch (error) {
      if (error instanceof LoungeRefusal) {
        this.set({ status: error.code === 'TICKET_REQUIRED' ? 'ticket-required' : 'refused', refusal: error.message, online: new Map(), kept: false });
      } else {
        this.set({ status: 'offline' });
      }
    }
  }

  /** The visitor went to another panorama: the others see it on their list (and the avatars follow). */
  move(panoramaId: string): void {
    this.place = { ...this.place, panoramaId };
    if (this.snapshot.status === 'joined') void this.ask('lounge:move', { panoramaId }).catch(() => {});
  }

  /** Volatile and throttled: a late pose is worth nothing. */
  pose(pose: Pose, now = Date.now()): void {
    // A little under the interval: a timer ticking every POSE_INTERVAL_MS fires a few ms early now and then.
    if (this.snapshot.status !== 'joined' || now - this.lastPoseAt < POSE_INTERVAL_MS * 0.8) return;
    this.lastPoseAt = now;
    this.socket.volatile.emit('pose:update', pose);
  }

  /** Starts a video meeting with a connection; the answer is my host link (the other person is invited). */
  startMeeting(userId: string): Promise<MeetingStarted> {
    return this.ask('meeting:start', { userId });
  }
  dismissMeetingInvite(): void {
    this.set({ meetingInvite: null });
  }

  invite(toUserId: string, note: string) { return this.change('invitation:send', { toUserId, note }); }
  seen(invitationId: string) { return this.change('invitation:seen', { invitationId }); }
  accept(invitationId: string) { return this.change('invitation:accept', { invitationId }); }
  reject(invitationId: string) { return this.change('invitation:reject', { invitationId }); }
  withdraw(invitationId: string) { return this.change('invitation:withdraw', { invitationId }); }
  block(userId: string) { return this.change('person:block', { userId }); }
  unblock(userId: string) { return this.change('person:unblock', { userId }); }

  private async change<E extends 'invitation:send' | 'invitation:seen' | 'invitation:accept' | 'invitation:reject' | 'invitation:withdraw' | 'person:block' | 'person:unblock'>(event: E, request: Request<E>): Promise<void> {
    this.applyRelation(await this.ask(event, request) as PersonRelation);
  }

  private async ask<E extends keyof LoungeClientEvents>(event: E, request: Request<E>): Promise<Answer<E>> {
    // The typed emitWithAck overloads do not survive a generic event name; the answer type is restored here.
    const answer = await (this.socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(e: string, r: unknown): Promise<Ack<unknown>> }).emitWithAck(event, request);
    if (!answer.ok) throw new LoungeRefusal(answer.error.code, answer.error.message);
    return answer.data as Answer<E>;
  }

  close(): void {
    this.listeners.clear();
    this.poseListeners.clear();
    this.socket.disconnect();
  }
}

function withEntry<V>(map: ReadonlyMap<string, V>, key: string, value: V): Map<string, V> {
  const next = new Map(map);
  next.set(key, value);
  return next;
}
function without<V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}
