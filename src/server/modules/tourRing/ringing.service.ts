import { TOUR_RING_ERRORS, type AcceptAnswer, type CallAnswered, type CallOutcome, type ConsoleState, type IncomingCall, type RingStopReason, type StartCallAnswer, type StartCallRequest } from '../../../protocol/tourRing.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { MeetingsService } from '../meetings/meetings.service.ts';
import type { GuidesDirectory } from './guidesDirectory.ts';
import { meetingPath, presentCallback, presentIncoming } from './tourRing.presenter.ts';
import type { CallRow, TourRingRepository } from './tourRing.repository.ts';
import { reachesTour } from '../buildings/tourGate.ts';
import type { SessionUser } from '../auth/identity.ts';

/** Who is online on a tour's console right now (the gateway asks the sockets, across processes with Redis). */
export type OnlineGuides = (buildingId: string) => Promise<Set<string>>;

/** How the service tells people what happened; the gateway sends these to rooms. */
export interface RingNotifier {
  ring(guideUserIds: string[], call: IncomingCall): void;
  stop(guideUserIds: string[], callId: string, reason: RingStopReason): void;
  answered(event: CallAnswered): void;
  ended(callId: string, outcome: CallOutcome): void;
  inCall(guideUserId: string, inCall: boolean): void;
}

export interface Caller {
  /** user:<id> or device:<id>: only the caller may hang up. */
  key: string;
  userId: string | null;
  displayName: string | null;
  /** The signed-in caller, whose access to a gated or draft tour is checked like openLink's. */
  user?: SessionUser | null;
}

/** An accepted call whose meeting has not started counts as a call for this long (both people are on their way in). */
const JOIN_WINDOW_MS = 2 * 60_000;

/**
 * The tour ring's rules: a call rings every free guide (online, not in a call) of the language; the first to accept
 * wins and the others stop ringing; it ends unanswered when everyone declined or the time ran out. The rows decide
 * every race (TourRingRepository), so the rules hold with several processes; timers only make an ending prompt, and
 * the sweep ends what a stopped process left ringing.
 */
export class RingingService {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  readonly now: () => number;

  constructor(
    private readonly repo: TourRingRepository,
    private readonly repos: Pick<Repositories, 'buildings' | 'users'>,
    private readonly guides: GuidesDirectory,
    private readonly meetings: Pick<MeetingsService, 'enabled' | 'createNow'>,
    private readonly online: OnlineGuides,
    private readonly notify: RingNotifier,
    opts: { now?: () => number } = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  private async tour(buildingId: string) {
    const building = await this.repos.buildings.findById(buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.");
    return building;
  }

  /** `beforeRing` puts the caller where the answer will reach them before any guide can answer. */
  async start(caller: Caller, request: StartCallRequest, beforeRing: (callId: string) => void = () => {}): Promise<StartCallAnswer> {
    const building = await this.tour(request.buildingId);
    if (!reachesTour(building, caller.user ?? null)) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.");
    if (!this.meetings.enabled) return { status: 'unavailable' };
    const speakers = (await this.guides.forLanguage(building.id, request.language)).map((g) => g.userId);
    const present = await this.online(building.id);
    const online = speakers.filter((id) => present.has(id));
    if (online.length === 0) return { status: 'unavailable' };
    const inCall = await this.repo.guidesInCall(online, this.iso(-JOIN_WINDOW_MS));
    const free = online.filter((id) => !inCall.has(id));
    if (free.length === 0) return { status: 'busy' };

    const ringTimeoutMs = await this.guides.ringTimeoutMs(building.id);
    const row: CallRow = {
      id: newId(), buildingId: building.id, language: request.language, visitorKey: caller.key, visitorUserId: caller.userId,
      visitorName: request.name?.trim() || caller.displayName || '', status: 'ringing', guideUserId: null, meetingId: null,
      createdAt: this.iso(), deadline: this.iso(ringTimeoutMs), endedAt: null,
    };
    await this.repo.insertCall(row, free);
    this.schedule(row.id, ringTimeoutMs);
    beforeRing(row.id);
    this.notify.ring(free, presentIncoming(row, building.name));
    return { status: 'ringing', callId: row.id, ringTimeoutMs, guidesRung: free.length };
  }

  /** The first guide to accept: a meeting on the tour with the guide as host and the caller as its one guest. */
  async accept(guideUserId: string, callId: string): Promise<AcceptAnswer> {
    const call = await this.repo.findCall(callId);
    if (!call) throw new AppError('CALL_TAKEN', 'This call has ended.');
    if (!(await this.repo.claim(callId, guideUserId, this.iso()))) throw new AppError(TOUR_RING_ERRORS.taken, 'Another guide answered this call, or it has ended.');
    this.clear(callId);
    await this.repo.settleAttempt(callId, guideUserId, 'accepted');
    this.notify.stop(await this.repo.stopAll(callId), callId, 'taken');
    let meeting;
    try {
      meeting = await this.meetings.createNow({
        buildingId: call.buildingId, hostUserId: guideUserId, capacity: 1,
        ...(call.visitorUserId ? { invitees: [call.visitorUserId] } : {}),
      });
    } catch (error) {
      this.notify.ended(callId, 'cannot-answer');
      throw error;
    }
    await this.repo.setMeeting(callId, meeting.objectId);
    const guide = await this.repos.users.findById(guideUserId);
    this.notify.answered({ callId, meetingId: meeting.objectId, guestPath: meetingPath(call.buildingId, meeting.objectId, false), guideName: guide?.name?.trim() || guide?.username || '', visitorName: call.visitorName });
    this.notify.inCall(guideUserId, true);
    // The guide is in a call now: their other calls stop ringing them (and end if nobody else is left).
    for (const other of await this.repo.ringingFor(guideUserId)) {
      if (await this.repo.settleAttempt(other.id, guideUserId, 'stopped')) {
        this.notify.stop([guideUserId], other.id, 'busy');
        await this.endIfNobodyRinging(other.id);
      }
    }
    return { meetingId: meeting.objectId, hostPath: meetingPath(call.buildingId, meeting.objectId, true) };
  }

  /** A meeting ended: a guide it came from, in no other call, is free again, and their consoles say so at once. */
  async meetingEnded(meetingId: string): Promise<void> {
    const guides = await this.repo.guidesOfMeeting(meetingId);
    const stillInCall = await this.repo.guidesInCall(guides, this.iso(-JOIN_WINDOW_MS));
    for (const guideUserId of guides) if (!stillInCall.has(guideUserId)) this.notify.inCall(guideUserId, false);
  }

  async decline(guideUserId: string, callId: string): Promise<{ declined: boolean }> {
    const declined = await this.repo.settleAttempt(callId, guideUserId, 'declined');
    if (declined) await this.endIfNobodyRinging(callId);
    return { declined };
  }

  /** The caller hangs up (or their page went away). */
  async cancel(callerKey: string, callId: string): Promise<{ cancelled: boolean }> {
    const call = await this.repo.findCall(callId);
    if (!call || call.visitorKey !== callerKey) return { cancelled: false };
    return { cancelled: await this.finish(callId, 'cancelled') };
  }

  /** Ends every call whose time ran out, whoever started it. */
  async sweep(): Promise<void> {
    for (const call of await this.repo.overdue(this.iso())) await this.finish(call.id, 'cannot-answer');
  }

  /** What a guide's console shows on (re)connecting: their tours, calls ringing them, the call-back requests. */
  async console(guideUserId: string): Promise<ConsoleState> {
    const tourIds = await this.guides.toursOf(guideUserId);
    const tours = [];
    for (const id of tourIds) {
      const building = await this.repos.buildings.findById(id);
      if (!building || building.removedAt) continue;
      const guide = (await this.guides.list(id)).find((g) => g.userId === guideUserId);
      tours.push({ buildingId: id, name: building.name, languages: guide?.languages ?? [] });
    }
    const names = new Map(tours.map((t) => [t.buildingId, t.name]));
    const ringing = (await this.repo.ringingFor(guideUserId)).filter((c) => c.deadline > this.iso()).map((c) => presentIncoming(c, names.get(c.buildingId) ?? ''));
    const callbacks = (await this.repo.callbacks(tours.map((t) => t.buildingId))).map(presentCallback);
    const inCall = (await this.repo.guidesInCall([guideUserId], this.iso(-JOIN_WINDOW_MS))).has(guideUserId);
    return { tours, ringing, callbacks, inCall };
  }

  private async endIfNobodyRinging(callId: string): Promise<void> {
    const attempts = await this.repo.attempts(callId);
    if (attempts.some((a) => a.state === 'ringing')) return;
    // Everyone declined: the contact cannot answer; a guide taken by another call meanwhile: busy with a tour.
    await this.finish(callId, attempts.some((a) => a.state === 'stopped') ? 'busy' : 'cannot-answer');
  }

  private async finish(callId: string, outcome: Exclude<CallOutcome, 'unavailable'>): Promise<boolean> {
    if (!(await this.repo.end(callId, outcome, this.iso()))) return false;
    this.clear(callId);
    this.notify.stop(await this.repo.stopAll(callId), callId, outcome === 'cancelled' ? 'cancelled' : outcome === 'busy' ? 'busy' : 'timeout');
    this.notify.ended(callId, outcome);
    return true;
  }

  private schedule(callId: string, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(callId);
      void this.finish(callId, 'cannot-answer').catch(() => {});
    }, ms + 50);
    timer.unref();
    this.timers.set(callId, timer);
  }

  private clear(callId: string): void {
    const timer = this.timers.get(callId);
    if (timer) clearTimeout(timer);
    this.timers.delete(callId);
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

