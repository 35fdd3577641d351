// WebRTC for a meeting: one RTCPeerConnection per published feed (camera, screen) and one per remote feed. The
// server relays every description to Janus (it alone talks to it), so this file only makes offers and answers.
//
// Why plain RTCPeerConnection and not janus.js: janus.js speaks Janus's own API to a Janus the browser can reach;
// here Janus listens on loopback and the server holds the Janus sessions, so what the page needs is exactly an
// offer out and an answer in (and the reverse for subscriptions), about as much code as configuring janus.js.
// Candidates are gathered before the description is sent (no trickle): with no STUN server (Janus is reachable at
// its own address and is ICE-full) gathering ends at once, and each negotiation is one round trip.
import type { FeedKind, SessionDescription } from '../../protocol/meeting.ts';

export type MediaProblem = 'blocked' | 'no-device' | 'unsupported';

export interface Signalling {
  publish(kind: FeedKind, offer: SessionDescription, opts: { audio: boolean; video: boolean }): Promise<{ feedId: number; answer: SessionDescription }>;
  unpublish(kind: FeedKind): Promise<void>;
  subscribe(feedId: number): Promise<SessionDescription>;
  answer(feedId: number, answer: SessionDescription): Promise<void>;
  unsubscribe(feedId: number): Promise<void>;
}

export interface MediaEvents {
  /** A remote feed's stream has its tracks (or is gone: null). */
  onRemote(feedId: number, stream: MediaStream | null): void;
  /** A connection to Janus failed (network, firewall): the meeting shows "connection failed". */
  onConnectionFailed(): void;
}

const GATHER_LIMIT_MS = 2000;

export function supportsMeetings(): boolean {
  return typeof RTCPeerConnection === 'function' && typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);
}

/** The camera and microphone, as far as the visitor allows: a refused camera still lets them hear and watch. */
export async function openCamera(quality: 'host' | 'guest'): Promise<{ stream: MediaStream | null; problem: MediaProblem | null }> {
  if (!supportsMeetings()) return { stream: null, problem: 'unsupported' };
  const video = quality === 'host' ? { width: { ideal: 640 }, height: { ideal: 360 }, frameRate: { ideal: 24 } } : { width: { ideal: 320 }, height: { ideal: 180 }, frameRate: { ideal: 15 } };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true }, video }), problem: null };
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') return { stream: null, problem: 'blocked' };
    // No camera: try the microphone alone.
    try {
      return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }), problem: 'no-device' };
    } catch {
      return { stream: null, problem: 'no-device' };
    }
  }
}

async function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, GATHER_LIMIT_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === 'complete') done();
    }
    pc.addEventListener('icegatheringstatechange', check);
  });
}

const describe = (pc: RTCPeerConnection): SessionDescription => ({ type: pc.localDescription!.type as 'offer' | 'answer', sdp: pc.localDescription!.sdp });

export class MediaSession {
  private readonly published = new Map<FeedKind, RTCPeerConnection>();
  private readonly subscribed = new Map<number, RTCPeerConnection>();
  private closed = false;

  constructor(private readonly signalling: Signalling, private readonly events: MediaEvents) {}

  private watch(pc: RTCPeerConnection): void {
    pc.addEventListener('connectionstatechange', () => {
      if (!this.closed && pc.connectionState === 'failed') this.events.onConnectionFailed();
    });
  }

  /**
   * Publishes a stream. The microphone is always the first transceiver (mid "0", the stream the server asks Janus to
   * silence when the host mutes someone), then the camera or the screen.
   */
  async publish(kind: FeedKind, stream: MediaStream): Promise<number> {
    await this.unpublish(kind, false);
    const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
    this.published.set(kind, pc);
    this.watch(pc);
    const audio = stream.getAudioTracks()[0];
    const video = stream.getVideoTracks()[0];
    pc.addTransceiver(audio ?? 'audio', { direction: audio ? 'sendonly' : 'inactive', streams: [stream] });
    pc.addTransceiver(video ?? 'video', { direction: video ? 'sendonly' : 'inactive', streams: [stream] });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const { feedId, answer } = await this.signalling.publish(kind, describe(pc), { audio: Boolean(audio), video: Boolean(video) });
    await pc.setRemoteDescription(answer);
    return feedId;
  }

  async unpublish(kind: FeedKind, tell = true): Promise<void> {
    const pc = this.published.get(kind);
    if (!pc) return;
    this.published.delete(kind);
    pc.close();
    if (tell) await this.signalling.unpublish(kind).catch(() => {});
  }

  /** Receives a remote feed: Janus offers, this page answers. */
  async subscribe(feedId: number): Promise<void> {
    if (this.subscribed.has(feedId) || this.closed) return;
    const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
    this.subscribed.set(feedId, pc);
    this.watch(pc);
    const stream = new MediaStream();
    pc.addEventListener('track', (event) => {
      stream.addTrack(event.track);
      this.events.onRemote(feedId, stream);
    });
    try {
      const offer = await this.signalling.subscribe(feedId);
      await pc.setRemoteDescription(offer);
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      await this.signalling.answer(feedId, describe(pc));
    } catch (error) {
      this.subscribed.delete(feedId);
      pc.close();
      throw error;
    }
  }

  unsubscribe(feedId: number): void {
    const pc = this.subscribed.get(feedId);
    if (!pc) return;
    this.subscribed.delete(feedId);
    pc.close();
    this.events.onRemote(feedId, null);
    void this.signalling.unsubscribe(feedId).catch(() => {});
  }

  subscribedFeeds(): number[] {
    return [...this.subscribed.keys()];
  }

  /** Everything stops (leaving, the meeting ended, or the socket is being replaced after a reconnect). */
  close(): void {
    this.closed = true;
    for (const pc of [...this.published.values(), ...this.subscribed.values()]) pc.close();
    for (const feedId of this.subscribed.keys()) this.events.onRemote(feedId, null);
    this.published.clear();
    this.subscribed.clear();
  }
}
