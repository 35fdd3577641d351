// The meeting's client state: one valtio store, written by the controller, read by the flat and in-world views
// through meetingViewModel.ts. MediaStreams are kept by reference (valtio's ref), never proxied.
import type { Meeting, MeetingEndReason, Participant } from '../../protocol/meeting.ts';
import { proxy, ref } from '../../state/store.ts';
import type { MediaProblem } from './mediaSession.ts';

export type MeetingPhase =
  | 'idle' // no meeting on this page
  | 'prejoin' // the guest link is open: name and devices, then Join
  | 'joining'
  | 'waiting' // in, but the host has not started yet
  | 'joined'
  | 'reconnecting' // the connection dropped: back in automatically within the reconnect window
  | 'ended'
  | 'left'
  | 'kicked'
  | 'failed'; // see problem

/** Section 8's meeting messages (and the few situations around them), shown by the views in every language. */
export type MeetingProblem =
  | 'invalid-id' | 'other-tour' | 'full' | 'unable' | 'private' | 'removed' | 'ended'
  | 'connection-failed' | 'join-failed' | 'disconnected' | 'unsupported' | 'off' | 'sign-in-to-host' | 'not-host';

export interface MeetingStore {
  phase: MeetingPhase;
  problem: MeetingProblem | null;
  /** The camera or microphone could not be used: the visitor still hears and sees the others. */
  mediaProblem: MediaProblem | null;
  meeting: Meeting | null;
  role: 'host' | 'guest' | null;
  selfId: string | null;
  participants: Record<string, Participant>;
  speaking: Record<string, boolean>;
  leaderId: string | null;
  /** This visitor's viewer follows the leader's view (default for everyone but the leader). */
  following: boolean;
  audio: boolean;
  video: boolean;
  screen: boolean;
  mutedByHost: boolean;
  /** When the reconnect window closes (local clock, ms). */
  reconnectDeadline: number | null;
  endReason: MeetingEndReason | null;
  /** The server's clock minus this page's, so countdowns from server times are right on a wrong local clock. */
  clockSkewMs: number;
  /** Streams by tile key ("<participantId>:camera" or ":screen"); the local camera under the self participant. */
  streams: Record<string, MediaStream>;
  /** Bumped when a stream gains tracks, so views re-attach it. */
  streamVersion: number;
}

export function initialMeetingState(): MeetingStore {
  return {
    phase: 'idle', problem: null, mediaProblem: null, meeting: null, role: null, selfId: null, participants: {}, speaking: {},
    leaderId: null, following: true, audio: true, video: true, screen: false, mutedByHost: false, reconnectDeadline: null,
    endReason: null, clockSkewMs: 0, streams: {}, streamVersion: 0,
  };
}

export const meetingState = proxy<MeetingStore>(initialMeetingState());

export function resetMeetingState(): void {
  Object.assign(meetingState, initialMeetingState());
}

export function setStream(key: string, stream: MediaStream | null): void {
  if (stream) meetingState.streams[key] = ref(stream);
  else delete meetingState.streams[key];
  meetingState.streamVersion += 1;
}

export const tileKey = (participantId: string, kind: 'camera' | 'screen') => `${participantId}:${kind}`;
