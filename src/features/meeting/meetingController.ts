// One meeting on this page: joins over HTTP, enters over the socket, publishes and subscribes through
// MediaSession, keeps meetingState current, comes back after a disconnect within the reconnect window, and
// carries co-navigation messages both ways (the view maths is in navFollow.ts, the loop in useCoNavigation.ts).
import { HttpError } from '../../api/httpClient.ts';
import type { JoinAnswer, NavView, Participant } from '../../protocol/meeting.ts';
import { joinMeeting } from './meetingApi.ts';
import { MeetingRefusal, openMeetingSocket, type MeetingSocket } from './meetingSocket.ts';
import { meetingState, resetMeetingState, setStream, tileKey, type MeetingProblem } from './meetingStore.ts';
import { MediaSession, openCamera } from './mediaSession.ts';
import { forgetRejoin, recallRejoin, rememberRejoin } from './rejoinMemory.ts';

export interface NavigationHooks {
  /** The follower's viewer shows this view (panorama change and, on flat screens, the camera). */
  onLeaderView(view: NavView): void;
  onLeaderMarker(markerId: string | null): void;
  /** Someone arrived or the host gathered everyone: the leader sends the current view now. */
  sendViewNow(): void;
}

const PROBLEM_BY_CODE: Record<string, MeetingProblem> = {
  MEETING_NOT_FOUND: 'invalid-id', VALIDATION_FAILED: 'invalid-id', MEETING_OTHER_TOUR: 'other-tour', MEETING_FULL: 'full',
  MEETING_ENDED: 'ended', MEETINGS_OFF: 'off', FORBIDDEN: 'unable',
};

export function problemOf(error: unknown): MeetingProblem {
  const code = error instanceof HttpError ? error.body?.code : error instanceof MeetingRefusal ? error.code : undefined;
  if (code === 'FORBIDDEN' && error instanceof Error && /removed/i.test(error.message)) return 'removed';
  if (code === 'FORBIDDEN' && error instanceof Error && /invited/i.test(error.message)) return 'private';
  return (code && PROBLEM_BY_CODE[code]) || (error instanceof HttpError && error.status === 0 ? 'connection-failed' : 'unable');
}

export class MeetingController {
  private socket: MeetingSocket | null = null;
  private media: MediaSession | null = null;
  private local: MediaStream | null = null;
  private screenStream: MediaStream | null = null;
  private join: JoinAnswer | null = null;
  private offs: (() => void)[] = [];
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  nav: NavigationHooks | null = null;

  constructor(private readonly buildingId: string, private readonly meetingId: string, private readonly deviceId: string) {}

  /** Join (or come back: a rejoin key kept from an earlier entry in this tab keeps the seat). */
  async start(name: string): Promise<void> {
    meetingState.phase = 'joining';
    meetingState.problem = null;
    try {
      const kept = recallRejoin(this.meetingId);
      this.join = await joinMeeting(this.meetingId, { buildingId: this.buildingId, name, deviceId: this.deviceId, ...(kept ? { rejoin: kept } : {}) })
        .catch((error: unknown) => {
          if (!kept) throw error;
          forgetRejoin(this.meetingId); // the window passed: join as anyone would
          return joinMeeting(this.meetingId, { buildingId: this.buildingId, name, deviceId: this.deviceId });
        });
      rememberRejoin(this.meetingId, { participantId: this.join.participantId, key: this.join.rejoinKey });
      meetingState.role = this.join.role;
      meetingState.meeting = this.join.meeting;
      const camera = await openCamera(this.join.role === 'host' ? 'host' : 'guest');
      this.local = camera.stream;
      meetingState.mediaProblem = camera.problem;
      meetingState.audio = Boolean(camera.stream?.getAudioTracks().length);
      meetingState.video = Boolean(camera.stream?.getVideoTracks().length);
      this.socket = await openMeetingSocket(this.deviceId).catch(() => {
        throw new HttpError(0, { code: 'CONNECTION', message: 'connection failed' });
      });
      this.listen(this.socket);
      await this.enter(this.join.credential);
    } catch (error) {
      this.fail(problemOf(error));
    }
  }

  private async enter(credential: string): Promise<void> {
    const socket = this.socket!;
    const entered = await socket.ask('meeting:enter', { meetingId: this.meetingId, credential });
    meetingState.selfId = entered.self.participantId;
    meetingState.meeting = entered.meeting;
    meetingState.clockSkewMs = 0;
    meetingState.leaderId = entered.leaderId;
    meetingState.following = entered.leaderId !== entered.self.participantId;
    meetingState.participants = Object.fromEntries(entered.participants.map((p) => [p.participantId, p]));
    meetingState.reconnectDeadline = null;
    meetingState.phase = entered.meeting.state === 'live' ? 'joined' : 'waiting';
    if (this.local) setStream(tileKey(entered.self.participantId, 'camera'), this.local);
    if (meetingState.phase === 'joined') await this.startMedia();
  }

  private async startMedia(): Promise<void> {
    if (this.media) return;
    const socket = this.socket!;
    this.media = new MediaSession({
      publish: (kind, offer, opts) => socket.ask('media:publish', { kind, offer, ...opts }),
      unpublish: (kind) => socket.ask('media:unpublish', { kind }).then(() => {}),
      subscribe: async (feedId) => (await socket.ask('media:subscribe', { feedId })).offer,
      answer: (feedId, answer) => socket.ask('media:answer', { feedId, answer }).then(() => {}),
      unsubscribe: (feedId) => socket.ask('media:unsubscribe', { feedId }).then(() => {}),
    }, {
      onRemote: (feedId, stream) => {
        const owner = Object.values(meetingState.participants).find((p) => p.feeds.some((f) => f.feedId === feedId));
        const feed = owner?.feeds.find((f) => f.feedId === feedId);
        if (owner && feed) setStream(tileKey(owner.participantId, feed.kind), stream);
      },
      onConnectionFailed: () => {
        if (meetingState.phase === 'joined') meetingState.problem = 'connection-failed';
      },
    });
    try {
      if (this.local) {
        this.applyTrackState();
        await this.media.publish('camera', this.local);
        await socket.ask('media:state', { audio: meetingState.audio, video: meetingState.video });
      }
    } catch {
      meetingState.problem = 'join-failed';
    }
    this.syncSubscriptions();
  }

  /** Subscribe to every feed of everyone else; drop feeds that went away. */
  private syncSubscriptions(): void {
    const media = this.media;
    if (!media) return;
    const wanted = new Set<number>();
    for (const p of Object.values(meetingState.participants)) {
      if (p.participantId === meetingState.selfId || p.state !== 'joined') continue;
      for (const f of p.feeds) wanted.add(f.feedId);
    }
    for (const feedId of media.subscribedFeeds()) if (!wanted.has(feedId)) media.unsubscribe(feedId);
    for (const feedId of wanted) {
      void media.subscribe(feedId).catch(() => {
        // The publisher's media may not flow yet: try once more shortly.
        setTimeout(() => void this.media?.subscribe(feedId).catch(() => {}), 1500);
      });
    }
  }

  private listen(socket: MeetingSocket): void {
    this.offs.push(
      socket.on('meeting:changed', ({ meeting }) => {
        meetingState.meeting = meeting;
        if (meeting.state === 'live' && meetingState.phase === 'waiting') {
          meetingState.phase = 'joined';
          void this.startMedia();
        }
      }),
      socket.on('meeting:ended', ({ meeting, reason }) => {
        meetingState.meeting = meeting;
        meetingState.endReason = reason;
        this.stop('ended');
      }),
      socket.on('participant:changed', ({ participant }) => this.updateParticipant(participant)),
      socket.on('speaking:changed', ({ participantId, speaking }) => {
        meetingState.speaking[participantId] = speaking;
      }),
      socket.on('lead:changed', ({ leaderId }) => {
        meetingState.leaderId = leaderId;
        meetingState.following = leaderId !== meetingState.selfId;
        if (leaderId === meetingState.selfId) this.nav?.sendViewNow();
      }),
      // Kept while looking around alone too: "back to the host" then goes to where the host is now.
      socket.on('nav:view', ({ leaderId, view }) => {
        if (leaderId === meetingState.leaderId) this.nav?.onLeaderView(view);
      }),
      socket.on('nav:marker', ({ leaderId, markerId }) => {
        if (leaderId === meetingState.leaderId && meetingState.following) this.nav?.onLeaderMarker(markerId);
      }),
      socket.on('nav:gathered', () => {
        if (meetingState.leaderId !== meetingState.selfId) meetingState.following = true;
      }),
      socket.on('nav:view-wanted', () => {
        if (meetingState.leaderId === meetingState.selfId) this.nav?.sendViewNow();
      }),
      socket.on('media:muted', () => {
        meetingState.mutedByHost = true;
        meetingState.audio = false;
        this.applyTrackState();
      }),
      socket.on('meeting:kicked', () => this.stop('kicked')),
      socket.onStatus((status) => {
        if (status === 'disconnected') this.onDisconnected();
        if (status === 'reconnected') void this.onReconnected();
      }),
    );
  }

  private updateParticipant(participant: Participant): void {
    if (participant.state === 'left' || participant.state === 'kicked') {
      delete meetingState.participants[participant.participantId];
      delete meetingState.speaking[participant.participantId];
    } else {
      meetingState.participants[participant.participantId] = participant;
    }
    if (participant.participantId === meetingState.selfId && participant.state === 'joined' && meetingState.phase === 'waiting') {
      meetingState.phase = 'joined';
      void this.startMedia();
    }
    this.syncSubscriptions();
  }

  private onDisconnected(): void {
    if (!['joined', 'waiting'].includes(meetingState.phase)) return;
    meetingState.phase = 'reconnecting';
    meetingState.reconnectDeadline = Date.now() + (this.join?.reconnectWindowMs ?? 300_000);
    this.media?.close();
    this.media = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      if (meetingState.phase === 'reconnecting') this.stop('failed', 'disconnected');
    }, this.join?.reconnectWindowMs ?? 300_000);
  }

  /** The socket is back: a fresh credential from the rejoin key, then in again with media. */
  private async onReconnected(): Promise<void> {
    if (meetingState.phase !== 'reconnecting' || !this.join) return;
    try {
      const again = await joinMeeting(this.meetingId, {
        buildingId: this.buildingId, name: meetingState.participants[meetingState.selfId ?? '']?.name ?? 'Guest', deviceId: this.deviceId,
        rejoin: { participantId: this.join.participantId, key: this.join.rejoinKey },
      });
      await this.enter(again.credential);
    } catch (error) {
      this.stop('failed', problemOf(error) === 'ended' ? 'ended' : 'disconnected');
    }
  }

  private applyTrackState(): void {
    for (const t of this.local?.getAudioTracks() ?? []) t.enabled = meetingState.audio;
    for (const t of this.local?.getVideoTracks() ?? []) t.enabled = meetingState.video;
  }

  setMicrophone(on: boolean): void {
    if (!this.local?.getAudioTracks().length) return;
    meetingState.audio = on;
    if (on) meetingState.mutedByHost = false;
    this.applyTrackState();
    void this.socket?.ask('media:state', { audio: meetingState.audio, video: meetingState.video }).catch(() => {});
  }

  setCamera(on: boolean): void {
    if (!this.local?.getVideoTracks().length) return;
    meetingState.video = on;
    this.applyTrackState();
    void this.socket?.ask('media:state', { audio: meetingState.audio, video: meetingState.video }).catch(() => {});
  }

  async setScreenShare(on: boolean): Promise<void> {
    if (!this.media || meetingState.role !== 'host') return;
    if (!on) {
      this.screenStream?.getTracks().forEach((t) => t.stop());
      this.screenStream = null;
      meetingState.screen = false;
      setStream(tileKey(meetingState.selfId!, 'screen'), null);
      return this.media.unpublish('screen');
    }
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 10 } }, audio: false });
      this.screenStream = stream;
      stream.getVideoTracks()[0]?.addEventListener('ended', () => void this.setScreenShare(false));
      await this.media.publish('screen', stream);
      meetingState.screen = true;
      setStream(tileKey(meetingState.selfId!, 'screen'), stream);
    } catch {
      meetingState.screen = false; // the visitor cancelled the picker
    }
  }

  /** The socket's request, with the refusal shown rather than thrown (host tools). */
  ask: MeetingSocket['ask'] = (event, request) => {
    if (!this.socket) return Promise.reject(new Error('not connected'));
    return this.socket.ask(event, request);
  };

  tell: MeetingSocket['tell'] = (event, request) => this.socket?.tell(event, request);

  async leave(): Promise<void> {
    await this.socket?.ask(meetingState.role === 'host' ? 'meeting:end' : 'meeting:leave', {}).catch(() => {});
    this.stop(meetingState.role === 'host' ? 'ended' : 'left');
  }

  private fail(problem: MeetingProblem): void {
    this.stop('failed', problem);
  }

  /** Everything stops: media, camera, socket; the phase says why. */
  stop(phase: 'ended' | 'left' | 'kicked' | 'failed', problem: MeetingProblem | null = null): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.media?.close();
    this.media = null;
    for (const t of [...(this.local?.getTracks() ?? []), ...(this.screenStream?.getTracks() ?? [])]) t.stop();
    this.local = null;
    this.screenStream = null;
    for (const off of this.offs.splice(0)) off();
    this.socket?.close();
    this.socket = null;
    if (phase !== 'failed' || problem !== 'disconnected') forgetRejoin(this.meetingId);
    const { meeting, endReason, role } = meetingState;
    resetMeetingState();
    Object.assign(meetingState, { phase, problem, meeting, endReason, role });
  }

  dispose(): void {
    if (['joined', 'waiting', 'joining', 'reconnecting'].includes(meetingState.phase)) this.stop('left');
    resetMeetingState();
  }
}
