import { MEETING_DEFAULT_CAPACITY, MEETING_MAX_CAPACITY, JOIN_CREDENTIAL_TTL_MS, type CreateMeetingBody, type HostMeeting, type JoinAnswer, type JoinBody, type Meeting } from '../../../protocol/meeting.ts';
import { accountDisplayName } from '../../../protocol/accountDisplayName.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { MeetingMedia } from '../../janus/janusMedia.ts';
import { canEditBuilding } from '../access/policy.ts';
import type { SessionUser } from '../auth/identity.ts';
import { hashSecret, newSecret, newShortCode } from './meetingSecrets.ts';
import { presentHostMeeting, presentMeeting, inviteesOf, type PresentOptions } from './meetings.presenter.ts';
import { SEATED_STATES, type MeetingRow, type MeetingsRepository } from './meetings.repository.ts';

export const MEETING_MESSAGES = {
  notFound: 'Invalid meeting ID: no meeting has this ID or code.',
  otherTour: 'This meeting takes place in another LiveTour.',
  ended: 'This meeting has ended.',
  full: 'This meeting is full.',
  private: 'Unable to join: this meeting is only for the people invited to it.',
  removed: 'Unable to join: the host removed you from this meeting.',
  off: 'Meetings are off on this server.',
  hostOnly: 'Only the host can do this.',
  cannotHost: 'You cannot host meetings on this LiveTour. Ask its owner to name you as an agent in the studio.',
  credential: 'This join link has expired or was already used. Join again.',
} as const;

export interface MeetingsServiceOptions extends PresentOptions {
  reconnectMs: number;
  now?: () => number;
}

/** Who asks to join: a signed-in user, or a device (its random id), as in the social tables. */
export interface Joiner {
  user: SessionUser | null;
  visitorKey: string;
}

/**
 * Meetings as data: creation (by a tour's hosts, or by another module for people it already connected), the guest
 * and host links, short codes, seats, and single-use join credentials. What happens once inside (presence, media,
 * co-navigation) is MeetingPresence's, driven by the realtime gateway.
 */
export class MeetingsService {
  readonly now: () => number;

  constructor(
    private readonly repo: MeetingsRepository,
    private readonly repos: Pick<Repositories, 'buildings' | 'users'>,
    private readonly media: MeetingMedia | null,
    readonly opts: MeetingsServiceOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.media !== null;
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now() + offsetMs).toISOString();
  }

  requireEnabled(): MeetingMedia {
    if (!this.media) throw new AppError('MEETINGS_OFF', MEETING_MESSAGES.off);
    return this.media;
  }

  /** The tour's owner and editors, and the agents its owner named in the studio. */
  async canHost(user: SessionUser | null, buildingId: string): Promise<boolean> {
    if (!user) return false;
    const building = await this.repos.buildings.findById(buildingId);
    if (!building || building.removedAt) return false;
    return canEditBuilding(user, building) || (await this.repo.isAgent(buildingId, user.id));
  }

  async availability(user: SessionUser | null, buildingId: string | undefined): Promise<{ enabled: boolean; canHost: boolean }> {
    return { enabled: this.enabled, canHost: this.enabled && buildingId !== undefined && (await this.canHost(user, buildingId)) };
  }

  /** A host creates a meeting on a tour they may host on: now, or scheduled. */
  async createForTour(user: SessionUser | null, buildingId: string, body: CreateMeetingBody): Promise<HostMeeting> {
    this.requireEnabled();
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    if (!(await this.canHost(user, buildingId))) throw new AppError('FORBIDDEN', MEETING_MESSAGES.cannotHost);
    return this.createNow({ buildingId, hostUserId: user.id, title: body.title, capacity: body.capacity, scheduledAt: body.scheduledAt ?? null });
  }

  /**
   * The seam for other modules (an answered tour-ring call, two people connected in the lounge): a meeting on the tour,
   * hosted by hostUserId, optionally only for the invitees (user ids). The caller has already decided these people may
   * meet; this checks only that the tour and the users exist. The host enters with the host link (or joins with the
   * guest link while signed in); invitees join with the guest link.
   */
  async createNow(input: { buildingId: string; hostUserId: string; title?: string; capacity?: number; invitees?: string[]; scheduledAt?: string | null }): Promise<HostMeeting> {
    this.requireEnabled();
    const building = await this.repos.buildings.findById(input.buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.");
    const host = await this.repos.users.findById(input.hostUserId);
    if (!host) throw new AppError('NOT_FOUND', 'The host has no account.');
    const capacity = Math.min(MEETING_MAX_CAPACITY, Math.max(1, input.capacity ?? input.invitees?.length ?? MEETING_DEFAULT_CAPACITY));
    const now = this.iso();
    const row = {
      id: newId(),
      buildingId: building.id,
      hostUserId: host.id,
      title: input.title?.trim() ?? '',
      shortCode: newShortCode(),
      state: 'scheduled',
      capacity,
      scheduledAt: input.scheduledAt ?? null,
      invitees: input.invitees ? JSON.stringify(input.invitees) : null,
      createdBy: host.id,
      createdAt: now,
      updatedAt: now,
    };
    await this.insertWithUniqueCode(row);
    return this.hostView((await this.repo.findMeeting(row.id))!);
  }

  /** Codes are unique; on the rare collision another is drawn. */
  private async insertWithUniqueCode(row: Parameters<MeetingsRepository['insertMeeting']>[0]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.repo.insertMeeting(row);
        return;
      } catch (error) {
        if (attempt >= 4 || !/unique|duplicate/i.test(String(error))) throw error;
        row.shortCode = newShortCode();
      }
    }
  }

  async listForTour(user: SessionUser | null, buildingId: string): Promise<HostMeeting[]> {
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    const building = await this.repos.buildings.findById(buildingId);
    if (!building) throw new AppError('FORBIDDEN', MEETING_MESSAGES.cannotHost);
    const editor = canEditBuilding(user, building);
    if (!editor && !(await this.repo.isAgent(buildingId, user.id))) throw new AppError('FORBIDDEN', MEETING_MESSAGES.cannotHost);
    // Owners and editors see every meeting of the tour; an agent sees their own.
    const rows = await this.repo.listForTour(buildingId, editor ? undefined : user.id);
    return Promise.all(rows.map((row) => this.hostView(row)));
  }

  async hostView(row: MeetingRow): Promise<HostMeeting> {
    return presentHostMeeting(row, await this.hostName(row), await this.repo.allParticipants(row.id), this.opts);
  }

  async publicView(row: MeetingRow): Promise<Meeting> {
    return presentMeeting(row, await this.hostName(row), this.opts);
  }

  private async hostName(row: MeetingRow): Promise<string> {
    const host = await this.repos.users.findById(row.hostUserId);
    return host ? accountDisplayName(host) : '';
  }

  async meeting(meetingId: string): Promise<MeetingRow> {
    const row = await this.repo.findMeeting(meetingId);
    if (!row) throw new AppError('MEETING_NOT_FOUND', MEETING_MESSAGES.notFound);
    return row;
  }

  async resolveCode(code: string): Promise<{ meetingId: string; buildingId: string }> {
    const row = await this.repo.findByCode(code);
    if (!row) throw new AppError('MEETING_NOT_FOUND', MEETING_MESSAGES.notFound);
    return { meetingId: row.id, buildingId: row.buildingId };
  }

  /**
   * A seat and a single-use credential. The host always has a seat; a guest takes one of `capacity` (a guest who is
   * already seated, for instance in another tab, keeps theirs). A rejoin key brings back a participant who dropped,
   * within the reconnect window, without a new seat.
   */
  async join(joiner: Joiner, meetingId: string, body: JoinBody): Promise<JoinAnswer> {
    this.requireEnabled();
    const row = await this.meeting(meetingId);
    if (row.buildingId !== body.buildingId) throw new AppError('MEETING_OTHER_TOUR', MEETING_MESSAGES.otherTour, 'buildingId');
    if (row.state === 'ended') throw new AppError('MEETING_ENDED', MEETING_MESSAGES.ended);
    const isHost = joiner.user?.id === row.hostUserId;
    const invitees = inviteesOf(row);
    if (!isHost && invitees && !(joiner.user && invitees.includes(joiner.user.id))) throw new AppError('FORBIDDEN', MEETING_MESSAGES.private);

    const credential = newSecret();
    const rejoinKey = newSecret();
    const grant = { credentialHash: hashSecret('credential', credential), credentialExpiresAt: this.iso(JOIN_CREDENTIAL_TTL_MS) };
    const answer = async (participantId: string, role: 'host' | 'guest', key: string): Promise<JoinAnswer> => ({
      meeting: await this.publicView((await this.repo.findMeeting(row.id))!),
      participantId,
      role,
      credential,
      credentialExpiresAt: grant.credentialExpiresAt,
      rejoinKey: key,
      reconnectWindowMs: this.opts.reconnectMs,
      hostAbsenceMs: this.opts.hostAbsenceMs,
    });

    if (body.rejoin) {
      const p = await this.repo.findParticipant(body.rejoin.participantId);
      const stillSeated = p && p.meetingId === row.id && (SEATED_STATES as readonly string[]).includes(p.state)
        && !(p.state === 'away' && p.awaySince && Date.parse(p.awaySince) + this.opts.reconnectMs < this.now());
      if (!stillSeated || p.rejoinHash !== hashSecret('rejoin', body.rejoin.key)) {
        throw new AppError('MEETING_CREDENTIAL_INVALID', 'The time to reconnect has passed. Join the meeting again.');
      }
      await this.repo.updateParticipant(p.id, { ...grant, displayName: body.name });
      return answer(p.id, p.role as 'host' | 'guest', body.rejoin.key);
    }

    const mine = await this.repo.findByVisitor(row.id, joiner.visitorKey);
    if (!isHost && mine.some((p) => p.state === 'kicked')) throw new AppError('FORBIDDEN', MEETING_MESSAGES.removed);
    if (isHost) {
      const host = await this.repo.findHost(row.id);
      if (host) {
        await this.repo.updateParticipant(host.id, { ...grant, rejoinHash: hashSecret('rejoin', rejoinKey), displayName: body.name });
        return answer(host.id, 'host', rejoinKey);
      }
    } else {
      const seated = mine.find((p) => (SEATED_STATES as readonly string[]).includes(p.state));
      if (seated) {
        await this.repo.updateParticipant(seated.id, { ...grant, rejoinHash: hashSecret('rejoin', rejoinKey), displayName: body.name });
        return answer(seated.id, 'guest', rejoinKey);
      }
      if (!(await this.takeSeat(row.id))) throw new AppError('MEETING_FULL', MEETING_MESSAGES.full);
    }
    const id = newId();
    await this.repo.insertParticipant({
      id,
      meetingId: row.id,
      userId: joiner.user?.id ?? null,
      visitorKey: joiner.visitorKey,
      displayName: body.name,
      role: isHost ? 'host' : 'guest',
      state: 'waiting',
      ...grant,
      rejoinHash: hashSecret('rejoin', rejoinKey),
      createdAt: this.iso(),
    });
    return answer(id, isHost ? 'host' : 'guest', rejoinKey);
  }

  /** A seat, after giving back the seats of guests whose reconnect window has passed. */
  private async takeSeat(meetingId: string): Promise<boolean> {
    if (await this.repo.takeSeat(meetingId)) return true;
    const cutoff = this.iso(-this.opts.reconnectMs);
    for (const p of await this.repo.awayBefore(cutoff, meetingId)) {
      if (await this.repo.transition(p.id, ['away'], { state: 'left', leftAt: this.iso() })) await this.repo.releaseSeat(meetingId);
    }
    return this.repo.takeSeat(meetingId);
  }

  /** Owners, editors and agents name agents by username; unknown names are refused by name. */
  async agents(buildingId: string): Promise<string[]> {
    return (await this.repo.agents(buildingId)).map((a) => a.username);
  }

  async setAgents(buildingId: string, usernames: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const name of [...new Set(usernames.map((u) => u.trim()).filter(Boolean))]) {
      const user = await this.repos.users.findByUsername(name) ?? await this.repos.users.findByEmail(name);
      if (!user) throw new AppError('VALIDATION_FAILED', `usernames: no account is called "${name}"`, 'usernames', { username: name });
      ids.push(user.id);
    }
    await this.repo.replaceAgents(buildingId, ids, this.iso());
    return this.agents(buildingId);
  }
}
