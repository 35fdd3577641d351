// The meeting panel as data, UI-free: the flat-screen DOM panel (MeetingPanel.tsx) and the in-world uikit panel
// (xr/XRMeetingPanel.tsx) both render exactly this, so they cannot disagree.
import type { Meeting, Participant, ParticipantRole } from '../../protocol/meeting.ts';
import type { MediaProblem } from './mediaSession.ts';
import { tileKey, type MeetingPhase, type MeetingProblem, type MeetingStore } from './meetingStore.ts';

export interface TileVM {
  key: string;
  participantId: string;
  name: string;
  initials: string;
  role: ParticipantRole;
  kind: 'camera' | 'screen';
  self: boolean;
  speaking: boolean;
  audioOff: boolean;
  videoOff: boolean;
  leading: boolean;
  away: boolean;
  hasStream: boolean;
}

export interface RosterEntryVM {
  participantId: string;
  name: string;
  role: ParticipantRole;
  /** Where the guest is in the tour (the host sees it), or null when not known yet. */
  panoramaName: string | null;
  away: boolean;
  leading: boolean;
  audioOff: boolean;
}

export type BannerVM =
  | { kind: 'waiting' }
  | { kind: 'host-away'; secondsLeft: number }
  | { kind: 'reconnecting'; secondsLeft: number }
  | { kind: 'muted-by-host' }
  | { kind: 'free-look'; leaderName: string }
  | { kind: 'guest-leads'; leaderName: string }
  | { kind: 'media'; problem: MediaProblem }
  | { kind: 'problem'; problem: MeetingProblem };

export interface MeetingVM {
  /** Inside a meeting (waiting, in, or reconnecting): the panel shows. */
  inMeeting: boolean;
  phase: MeetingPhase;
  role: ParticipantRole | null;
  title: string;
  hostName: string;
  shortCode: string;
  tiles: TileVM[];
  banners: BannerVM[];
  controls: {
    mic: { available: boolean; on: boolean };
    camera: { available: boolean; on: boolean };
    screen: { available: boolean; on: boolean };
    /** leading: this visitor moves everyone; following; free: looking around alone (offer "back to the host"). */
    navigation: 'leading' | 'following' | 'free';
    canGather: boolean;
    canTakeLead: boolean;
    canEnd: boolean;
  };
  /** The host's list of guests with their tools; empty for guests. */
  roster: RosterEntryVM[];
  speakerName: string | null;
}

export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!].map((w) => [...w][0]) : [...(words[0] ?? '?')].slice(0, 2);
  return letters.join('').toUpperCase();
}

const secondsUntil = (deadlineMs: number, nowMs: number) => Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));

export function meetingViewModel(s: Readonly<MeetingStore>, panoramaName: (panoramaId: string) => string | null, nowMs: number): MeetingVM {
  const meeting: Meeting | null = s.meeting;
  const inMeeting = s.phase === 'waiting' || s.phase === 'joined' || s.phase === 'reconnecting';
  const people = Object.values(s.participants).filter((p) => p.state !== 'left' && p.state !== 'kicked');
  const leaderId = s.leaderId;
  const isHost = s.role === 'host';
  const selfLeads = leaderId !== null && leaderId === s.selfId;

  const tile = (p: Participant, kind: 'camera' | 'screen'): TileVM => {
    const self = p.participantId === s.selfId;
    const key = tileKey(p.participantId, kind);
    return {
      key,
      participantId: p.participantId,
      name: p.name,
      initials: initials(p.name),
      role: p.role,
      kind,
      self,
      speaking: kind === 'camera' && Boolean(s.speaking[p.participantId]),
      audioOff: kind === 'camera' && !(self ? s.audio : p.audio),
      videoOff: kind === 'camera' && !(self ? s.video : p.video),
      leading: p.participantId === leaderId,
      away: p.state === 'away',
      hasStream: Boolean(s.streams[key]),
    };
  };
  // The screen share first, then whoever leads, the host, yourself, then the others in order of arrival.
  const rank = (p: Participant) => (p.participantId === leaderId ? 0 : p.role === 'host' ? 1 : p.participantId === s.selfId ? 2 : 3);
  const ordered = [...people].sort((a, b) => rank(a) - rank(b));
  const tiles = [
    ...ordered.filter((p) => p.feeds.some((f) => f.kind === 'screen') || (p.participantId === s.selfId && s.screen)).map((p) => tile(p, 'screen')),
    ...ordered.map((p) => tile(p, 'camera')),
  ];

  const leaderName = people.find((p) => p.participantId === leaderId)?.name ?? meeting?.hostName ?? '';
  const banners: BannerVM[] = [];
  if (s.phase === 'waiting') banners.push({ kind: 'waiting' });
  if (s.phase === 'reconnecting' && s.reconnectDeadline) banners.push({ kind: 'reconnecting', secondsLeft: secondsUntil(s.reconnectDeadline, nowMs) });
  if (meeting?.hostAwayDeadline && s.phase === 'joined' && !isHost) {
    banners.push({ kind: 'host-away', secondsLeft: secondsUntil(Date.parse(meeting.hostAwayDeadline) - s.clockSkewMs, nowMs) });
  }
  if (s.mutedByHost) banners.push({ kind: 'muted-by-host' });
  if (s.mediaProblem) banners.push({ kind: 'media', problem: s.mediaProblem });
  if (s.phase === 'joined' && !selfLeads && !s.following) banners.push({ kind: 'free-look', leaderName });
  if (s.phase === 'joined' && isHost && leaderId && !selfLeads) banners.push({ kind: 'guest-leads', leaderName });
  if (s.problem && inMeeting) banners.push({ kind: 'problem', problem: s.problem });

  const speaker = people.find((p) => s.speaking[p.participantId]);
  return {
    inMeeting,
    phase: s.phase,
    role: s.role,
    title: meeting?.title ?? '',
    hostName: meeting?.hostName ?? '',
    shortCode: meeting?.shortCode ?? '',
    tiles,
    banners,
    controls: {
      mic: { available: s.mediaProblem !== 'blocked' && s.mediaProblem !== 'unsupported', on: s.audio },
      camera: { available: s.mediaProblem === null, on: s.video },
      screen: { available: isHost && s.phase === 'joined' && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getDisplayMedia), on: s.screen },
      navigation: selfLeads ? 'leading' : s.following ? 'following' : 'free',
      canGather: isHost && s.phase === 'joined',
      canTakeLead: isHost && !selfLeads && s.phase === 'joined',
      canEnd: isHost,
    },
    roster: isHost
      ? people.filter((p) => p.role !== 'host').map((p) => ({
        participantId: p.participantId,
        name: p.name,
        role: p.role,
        panoramaName: p.panoramaId ? panoramaName(p.panoramaId) : null,
        away: p.state === 'away',
        leading: p.participantId === leaderId,
        audioOff: !p.audio,
      }))
      : [],
    speakerName: speaker?.name ?? null,
  };
}
