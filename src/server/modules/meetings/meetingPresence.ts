import type { EnterAnswer, FeedKind, Meeting, MeetingEndReason, Participant } from '../../../protocol/meeting.ts';
import { AppError } from '../../errors.ts';
import type { MediaRoom, MeetingMedia } from '../../janus/janusMedia.ts';
import { hashSecret } from './meetingSecrets.ts';
import { presentParticipant } from './meetings.presenter.ts';
import { SEATED_STATES, type MeetingRow, type MeetingsRepository, type ParticipantRow } from './meetings.repository.ts';
import { MEETING_MESSAGES, type MeetingsService } from './meetings.service.ts';

/** What the realtime gateway tells the meeting's room (every server process, through the Redis adapter). */
export interface MeetingNotifier {
  meetingChanged(meeting: Meeting): void;
  meetingEnded(meeting: Meeting, reason: MeetingEndReason): void;
  participantChanged(meetingId: string, participant: Participant): void;
  leaderChanged(meetingId: string, leaderId: string): void;
  /** To one participant's sockets. */
  muted(participantId: string): void;
  /** Tells the participant, then closes their sockets wherever they are connected. */
  kicked(participantId: string): void;
}

/** Our offers always put the microphone first, so Janus knows the audio stream as mid "0" (see mediaSession.ts). */
export const AUDIO_MID = '0';

/**
 * Life inside a meeting: entering with a credential, the host starting it (the Janus room is made then), going away
 * and coming back, the host's absence window, leaving, ending, and the host's powers (kick, mute, hand the lead).
 */
export class MeetingPresence {
  private readonly endListeners: Array<(meetingId: string) => void> = [];

  constructor(
    private readonly repo: MeetingsRepository,
    private readonly meetings: MeetingsService,
    private readonly media: MeetingMedia | null,
    private readonly notify: MeetingNotifier,
  ) {}

  private iso(offsetMs = 0): string {
    return new Date(this.meetings.now() + offsetMs).toISOString();
  }

  /** Spends the credential; the host's first entry starts the meeting (creates its Janus room). */
  async enter(meetingId: string, credential: string, connectionId: string): Promise<{ participant: ParticipantRow; answer: EnterAnswer }> {
    const media = this.meetings.requireEnabled();
    let row = await this.meetings.meeting(meetingId);
    const found = await this.repo.findByCredential(row.id, hashSecret('credential', credential));
    if (!found || !(await this.repo.consumeCredential(found.id, found.credentialHash!, this.iso()))) {
      throw new AppError('MEETING_CREDENTIAL_INVALID', MEETING_MESSAGES.credential);
    }
    if (row.state === 'ended') throw new AppError('MEETING_ENDED', MEETING_MESSAGES.ended);
    if (!(SEATED_STATES as readonly string[]).includes(found.state)) throw new AppError('MEETING_CREDENTIAL_INVALID', MEETING_MESSAGES.credential);

    if (found.role === 'host') {
      if (row.state === 'scheduled') {
        const room = await media.createRoom({ publishers: row.capacity + 2, description: `atrium meeting ${row.id}` });
        const now = this.iso();
        if (await this.repo.markLive(row.id, { startedAt: now, updatedAt: now, janusRoom: String(room.room), janusSecret: room.secret, janusPin: room.pin })) {
          // Guests who were waiting are in now.
          for (const p of await this.repo.participants(row.id, ['waiting'])) {
            if (p.id === found.id) continue;
            await this.repo.updateParticipant(p.id, { state: 'joined', joinedAt: p.joinedAt ?? now });
            this.notify.participantChanged(row.id, presentParticipant((await this.repo.findParticipant(p.id))!));
          }
        } else {
          await media.destroyRoom(room); // another process started it a moment earlier
        }
      } else if (row.hostAwaySince) {
        await this.repo.updateMeeting(row.id, { hostAwaySince: null, updatedAt: this.iso() });
      }
      row = await this.meetings.meeting(meetingId);
      this.notify.meetingChanged(await this.meetings.publicView(row));
    }
    const state = row.state === 'live' ? 'joined' : 'waiting';
    await this.repo.updateParticipant(found.id, { state, connectionId, awaySince: null, joinedAt: found.joinedAt ?? (state === 'joined' ? this.iso() : null) });
    const participant = (await this.repo.findParticipant(found.id))!;
    this.notify.participantChanged(row.id, presentParticipant(participant));
    const everyone = await this.repo.participants(row.id);
    return {
      participant,
      answer: {
        meeting: await this.meetings.publicView(row),
        self: presentParticipant(participant),
        participants: everyone.map(presentParticipant),
        leaderId: await this.leaderOf(row),
      },
    };
  }

  async leaderOf(row: MeetingRow): Promise<string | null> {
    if (row.leaderParticipantId) return row.leaderParticipantId;
    return (await this.repo.findHost(row.id))?.id ?? null;
  }

  /** The Janus room of a live meeting (only the server ever holds its secret and pin). */
  async roomOf(meetingId: string): Promise<MediaRoom> {
    const row = await this.meetings.meeting(meetingId);
    if (row.state !== 'live' || !row.janusRoom || !row.janusSecret || !row.janusPin) throw new AppError('CONFLICT', 'The meeting has not started yet.');
    return { room: Number(row.janusRoom), secret: row.janusSecret, pin: row.janusPin };
  }

  /** The socket dropped: the seat is held for the reconnect window; a host's absence starts the meeting's countdown. */
  async away(participantId: string, connectionId: string): Promise<void> {
    const p = await this.repo.findParticipant(participantId);
    // A newer connection (a reload that got back in first) keeps the participant in.
    if (!p || p.connectionId !== connectionId) return;
    if (!(await this.repo.transition(p.id, ['waiting', 'joined'], { state: 'away', awaySince: this.iso(), cameraFeed: null, screenFeed: null }))) return;
    const row = await this.meetings.meeting(p.meetingId);
    this.notify.participantChanged(row.id, presentParticipant((await this.repo.findParticipant(p.id))!));
    if (p.role === 'host' && row.state === 'live') {
      await this.repo.updateMeeting(row.id, { hostAwaySince: this.iso(), updatedAt: this.iso() });
      this.notify.meetingChanged(await this.meetings.publicView((await this.meetings.meeting(row.id))));
    }
    if (row.leaderParticipantId === p.id) await this.setLeader(row, null);
  }

  /** Leaving on purpose: the seat is free at once. The host leaving ends the meeting for everyone. */
  async leave(participantId: string): Promise<void> {
    const p = await this.repo.findParticipant(participantId);
    if (!p) return;
    if (p.role === 'host') return this.end(p.meetingId, 'host-ended');
    if (!(await this.repo.transition(p.id, SEATED_STATES, { state: 'left', leftAt: this.iso(), cameraFeed: null, screenFeed: null }))) return;
    await this.repo.releaseSeat(p.meetingId);
    const row = await this.meetings.meeting(p.meetingId);
    this.notify.participantChanged(row.id, presentParticipant((await this.repo.findParticipant(p.id))!));
    if (row.leaderParticipantId === p.id) await this.setLeader(row, null);
  }

  /** Ends the meeting once (whichever process gets there first), frees its Janus room and tells everyone. */
  async end(meetingId: string, reason: MeetingEndReason): Promise<void> {
    const now = this.iso();
    if (!(await this.repo.markEnded(meetingId, reason, now))) return;
    const row = await this.meetings.meeting(meetingId);
    for (const p of await this.repo.participants(meetingId)) {
      await this.repo.updateParticipant(p.id, { state: 'left', leftAt: now, cameraFeed: null, screenFeed: null });
    }
    if (row.janusRoom && row.janusSecret && this.media) await this.media.destroyRoom({ room: Number(row.janusRoom), secret: row.janusSecret, pin: row.janusPin ?? '' });
    this.notify.meetingEnded(await this.meetings.publicView(row), reason);
    for (const listener of this.endListeners) listener(meetingId);
  }

  /** Another module learns that a meeting ended, once, in the process that ended it (the tour ring frees its guide). */
  onEnded(listener: (meetingId: string) => void): void {
    this.endListeners.push(listener);
  }

  /** Only the meeting's host may act on others. */
  async requireHost(participantId: string): Promise<ParticipantRow> {
    const p = await this.repo.findParticipant(participantId);
    if (!p || p.role !== 'host') throw new AppError('FORBIDDEN', MEETING_MESSAGES.hostOnly);
    return p;
  }

  private async guestOf(host: ParticipantRow, targetId: string): Promise<ParticipantRow> {
    const target = await this.repo.findParticipant(targetId);
    if (!target || target.meetingId !== host.meetingId || target.role === 'host') throw new AppError('NOT_FOUND', 'No such guest in this meeting.', 'participantId');
    return target;
  }

  async kick(hostId: string, targetId: string): Promise<void> {
    const host = await this.requireHost(hostId);
    const target = await this.guestOf(host, targetId);
    if (!(await this.repo.transition(target.id, SEATED_STATES, { state: 'kicked', leftAt: this.iso(), cameraFeed: null, screenFeed: null }))) return;
    await this.repo.releaseSeat(host.meetingId);
    const room = await this.roomOf(host.meetingId).catch(() => null);
    for (const feed of [target.cameraFeed, target.screenFeed]) if (room && feed && this.media) await this.media.kick(room, Number(feed));
    this.notify.kicked(target.id);
    this.notify.participantChanged(host.meetingId, presentParticipant((await this.repo.findParticipant(target.id))!));
    const row = await this.meetings.meeting(host.meetingId);
    if (row.leaderParticipantId === target.id) await this.setLeader(row, null);
  }

  /** The host mutes one guest, or every guest: Janus stops relaying their microphone and their viewer shows it. */
  async mute(hostId: string, targetId: string | null): Promise<void> {
    const host = await this.requireHost(hostId);
    const targets = targetId ? [await this.guestOf(host, targetId)] : (await this.repo.participants(host.meetingId, ['joined'])).filter((p) => p.role !== 'host');
    const room = await this.roomOf(host.meetingId);
    for (const t of targets) {
      if (t.cameraFeed && this.media) await this.media.muteAudio(room, Number(t.cameraFeed), AUDIO_MID, true).catch(() => {});
      await this.repo.updateParticipant(t.id, { audio: 0 });
      this.notify.muted(t.id);
      this.notify.participantChanged(host.meetingId, presentParticipant((await this.repo.findParticipant(t.id))!));
    }
  }

  async handLead(hostId: string, targetId: string): Promise<void> {
    const host = await this.requireHost(hostId);
    const row = await this.meetings.meeting(host.meetingId);
    if (targetId === host.id) return this.setLeader(row, null);
    const target = await this.guestOf(host, targetId);
    if (target.state !== 'joined') throw new AppError('CONFLICT', 'That guest is not in the meeting right now.', 'participantId');
    await this.setLeader(row, target.id);
  }

  private async setLeader(row: MeetingRow, participantId: string | null): Promise<void> {
    await this.repo.updateMeeting(row.id, { leaderParticipantId: participantId, updatedAt: this.iso() });
    const leader = participantId ?? (await this.repo.findHost(row.id))?.id;
    if (leader) this.notify.leaderChanged(row.id, leader);
  }

  async isLeader(participant: ParticipantRow): Promise<boolean> {
    const row = await this.meetings.meeting(participant.meetingId);
    return (await this.leaderOf(row)) === participant.id;
  }

  async update(participantId: string, patch: { panoramaId?: string; audio?: boolean; video?: boolean; feed?: { kind: FeedKind; feedId: number | null } }): Promise<ParticipantRow> {
    const p = await this.repo.findParticipant(participantId);
    if (!p) throw new AppError('NOT_FOUND', 'You are not in this meeting.');
    const changes: Parameters<MeetingsRepository['updateParticipant']>[1] = {};
    if (patch.panoramaId !== undefined) changes.panoramaId = patch.panoramaId;
    if (patch.audio !== undefined) changes.audio = patch.audio ? 1 : 0;
    if (patch.video !== undefined) changes.video = patch.video ? 1 : 0;
    if (patch.feed) changes[patch.feed.kind === 'camera' ? 'cameraFeed' : 'screenFeed'] = patch.feed.feedId === null ? null : String(patch.feed.feedId);
    await this.repo.updateParticipant(p.id, changes);
    // A guest the host muted turns their microphone back on: Janus relays it again.
    if (patch.audio === true && p.audio === 0 && p.cameraFeed && this.media) {
      const room = await this.roomOf(p.meetingId).catch(() => null);
      if (room) await this.media.muteAudio(room, Number(p.cameraFeed), AUDIO_MID, false).catch(() => {});
    }
    const updated = (await this.repo.findParticipant(p.id))!;
    this.notify.participantChanged(p.meetingId, presentParticipant(updated));
    return updated;
  }

  /** Does this feed belong to someone in the same meeting (a participant only subscribes to their own meeting)? */
  async feedInMeeting(meetingId: string, feedId: number): Promise<boolean> {
    return (await this.repo.participants(meetingId, ['joined'])).some((p) => p.cameraFeed === String(feedId) || p.screenFeed === String(feedId));
  }

  /**
   * Ends meetings whose host stayed away past the absence window and frees the seats of guests past the reconnect
   * window. Every process runs it (on a timer and at the deadlines it knows); the conditional updates make it once.
   */
  async sweep(): Promise<void> {
    for (const row of await this.repo.hostAwayBefore(this.iso(-this.meetings.opts.hostAbsenceMs))) await this.end(row.id, 'host-away');
    for (const p of await this.repo.awayBefore(this.iso(-this.meetings.opts.reconnectMs))) {
      if (!(await this.repo.transition(p.id, ['away'], { state: 'left', leftAt: this.iso() }))) continue;
      await this.repo.releaseSeat(p.meetingId);
      this.notify.participantChanged(p.meetingId, presentParticipant((await this.repo.findParticipant(p.id))!));
    }
  }
}
