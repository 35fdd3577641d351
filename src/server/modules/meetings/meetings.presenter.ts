import { json } from '../../db/columns.ts';
import type { HostMeeting, Meeting, MeetingState, Participant, ParticipantState } from '../../../protocol/meeting.ts';
import type { MeetingRow, ParticipantRow } from './meetings.repository.ts';

export interface PresentOptions {
  publicUrl: string;
  hostAbsenceMs: number;
}

export const guestLink = (publicUrl: string, row: Pick<MeetingRow, 'id' | 'buildingId'>): string =>
  `${publicUrl}/${encodeURIComponent(row.buildingId)}?meeting=${encodeURIComponent(row.id)}`;

/** What anyone holding the meeting's id may see: never its Janus room, secret, pin or invitees. */
export function presentMeeting(row: MeetingRow, hostName: string, opts: PresentOptions): Meeting {
  return {
    objectId: row.id,
    buildingId: row.buildingId,
    title: row.title,
    state: row.state as MeetingState,
    capacity: row.capacity,
    shortCode: row.shortCode,
    hostName,
    scheduledAt: row.scheduledAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    hostAwaySince: row.hostAwaySince,
    hostAwayDeadline: row.hostAwaySince ? new Date(Date.parse(row.hostAwaySince) + opts.hostAbsenceMs).toISOString() : null,
    guestLink: guestLink(opts.publicUrl, row),
    createdAt: row.createdAt,
  };
}

/** The host's view: the links to hand out and who took part. */
export function presentHostMeeting(row: MeetingRow, hostName: string, participants: ParticipantRow[], opts: PresentOptions): HostMeeting {
  const meeting = presentMeeting(row, hostName, opts);
  return {
    ...meeting,
    hostLink: `${meeting.guestLink}&host=1`,
    participants: participants.map((p) => ({ name: p.displayName, role: p.role as 'host' | 'guest', state: p.state as ParticipantState, joinedAt: p.joinedAt })),
  };
}

export function presentParticipant(row: ParticipantRow): Participant {
  const feeds: Participant['feeds'] = [];
  if (row.cameraFeed) feeds.push({ kind: 'camera', feedId: Number(row.cameraFeed) });
  if (row.screenFeed) feeds.push({ kind: 'screen', feedId: Number(row.screenFeed) });
  return {
    participantId: row.id,
    name: row.displayName,
    role: row.role as 'host' | 'guest',
    state: row.state as ParticipantState,
    audio: row.audio === 1,
    video: row.video === 1,
    feeds,
    panoramaId: row.panoramaId,
  };
}

export const inviteesOf = (row: MeetingRow): string[] | null => json<string[] | null>(row.invitees, null);
