import { randomBytes } from 'node:crypto';
import Janode, { type JanodeConnection, type JanodeSession, type Jsep } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';
import type { JanusEndpoint } from './janusProcess.ts';

/**
 * The server's only door to Janus. Why janode (Meetecho's Node.js client) rather than the official janus.js in the
 * browser: janus.js talks to Janus from the page, so Janus would have to be reachable by every visitor and the page
 * would hold Janus sessions; here Janus listens on loopback only and this server relays each offer and answer, so a
 * browser can never create rooms, join another room, or learn a room's secret or pin. janode gives the transactions,
 * keepalives (every 25 s, Janus's session timeout being 60 s) and VideoRoom requests, which would otherwise be ours.
 */

/** A meeting's VideoRoom and the secrets only the server holds. */
export interface MediaRoom {
  room: number;
  secret: string;
  pin: string;
}

export type FeedKind = 'camera' | 'screen';

/** One participant's Janus session: a publisher handle per published feed, a subscriber handle per remote feed. */
export interface MediaPeer {
  publish(room: MediaRoom, kind: FeedKind, display: string, offer: Jsep, opts: { audio: boolean; video: boolean; bitrate: number }): Promise<{ feedId: number; answer: Jsep }>;
  setSending(kind: FeedKind, opts: { audio: boolean; video: boolean }): Promise<void>;
  unpublish(kind: FeedKind): Promise<void>;
  /** Janus's offer for a remote feed; the browser answers through startSubscription. */
  subscribe(room: MediaRoom, feedId: number): Promise<Jsep>;
  startSubscription(feedId: number, answer: Jsep): Promise<void>;
  unsubscribe(feedId: number): Promise<void>;
  close(): Promise<void>;
}

export interface PeerEvents {
  /** Janus's voice activity for one of this peer's own feeds. */
  onTalking?(kind: FeedKind, talking: boolean): void;
  /** Janus ended the session (it went away, or the session timed out). */
  onLost?(): void;
}

export interface MeetingMedia {
  readonly description: string;
  createRoom(opts: { publishers: number; description: string }): Promise<MediaRoom>;
  destroyRoom(room: MediaRoom): Promise<void>;
  /** Stops (or resumes) relaying a feed's audio: a muted guest's microphone reaches nobody, whatever their browser does. */
  muteAudio(room: MediaRoom, feedId: number, audioMid: string, mute: boolean): Promise<void>;
  kick(room: MediaRoom, feedId: number): Promise<void>;
  openPeer(events: PeerEvents): Promise<MediaPeer>;
  close(): Promise<void>;
}

const KEEPALIVE_SECONDS = 25;

export class MediaError extends Error {}

/** Connects to a Janus's WebSocket API (ws://127.0.0.1:port) and keeps one management handle for rooms. */
export async function connectJanus(endpoint: JanusEndpoint, description: string): Promise<MeetingMedia> {
  // janode logs through console at "info" by default; the server logs what matters itself.
  Janode.Logger.setLevel('none');
  const connection: JanodeConnection = await Janode.connect({ address: { url: endpoint.url, apisecret: endpoint.apiSecret }, retry_time_secs: 2, max_retries: 3 });
  const admin: JanodeSession = await connection.create(KEEPALIVE_SECONDS);
  const manager: VideoRoomHandle = await admin.attach(VideoRoomPlugin);
  const peers = new Set<MediaPeer>();

  return {
    description,
    async createRoom({ publishers, description: text }) {
      const secret = randomBytes(18).toString('base64url');
      const pin = randomBytes(18).toString('base64url');
      const created = await wrap(manager.create({
        admin_key: endpoint.adminKey, secret, pin, description: text, max_publishers: publishers, is_private: true,
        // VP8 and Opus: every browser decodes them; a publisher is capped at 1 Mbit/s (the host's camera or screen).
        videocodec: 'vp8', audiocodec: 'opus', bitrate: 1_000_000, fir_freq: 10,
        talking_events: true, talking_level_threshold: 45, talking_packets_threshold: 50, notify_joining: false,
      }));
      return { room: created.room, secret, pin };
    },
    async destroyRoom(room) {
      await manager.destroy({ room: room.room, secret: room.secret }).catch(() => {
        /* already gone (Janus restarted): nothing to free */
      });
    },
    async muteAudio(room, feedId, audioMid, mute) {
      await wrap(manager.message({ request: 'moderate', room: room.room, secret: room.secret, id: feedId, mid: audioMid, mute }));
    },
    async kick(room, feedId) {
      await manager.kick({ room: room.room, feed: feedId, secret: room.secret }).catch(() => {
        /* not in the room any more */
      });
    },
    async openPeer(events) {
      const session = await wrap(connection.create(KEEPALIVE_SECONDS));
      const peer = janusPeer(session, events, () => peers.delete(peer));
      peers.add(peer);
      return peer;
    },
    async close() {
      await Promise.allSettled([...peers].map((peer) => peer.close()));
      await admin.destroy().catch(() => {});
      await connection.close().catch(() => {});
    },
  };
}

function janusPeer(session: JanodeSession, events: PeerEvents, forget: () => void): MediaPeer {
  const publishers = new Map<FeedKind, { handle: VideoRoomHandle; feedId: number }>();
  const subscribers = new Map<number, VideoRoomHandle>();
  let closed = false;
  session.once(Janode.EVENT.SESSION_DESTROYED, () => {
    if (!closed) events.onLost?.();
  });

  return {
    async publish(room, kind, display, offer, opts) {
      await this.unpublish(kind);
      const handle = await wrap(session.attach(VideoRoomPlugin));
      try {
        const joined = await wrap(handle.joinConfigurePublisher({ room: room.room, pin: room.pin, display, audio: opts.audio, video: opts.video, bitrate: opts.bitrate, jsep: offer }));
        if (!joined.jsep) throw new MediaError('Janus answered the offer without a session description');
        const feedId = joined.feed;
        publishers.set(kind, { handle, feedId });
        // Every publisher in the room hears about everyone's voice; each peer relays only its own.
        handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_TALKING, (data: { feed?: number; talking?: boolean }) => {
          if (data.feed === feedId) events.onTalking?.(kind, Boolean(data.talking));
        });
        return { feedId, answer: joined.jsep };
      } catch (error) {
        await handle.detach().catch(() => {});
        throw error;
      }
    },
    async setSending(kind, opts) {
      const published = publishers.get(kind);
      if (published) await wrap(published.handle.configure({ audio: opts.audio, video: opts.video }));
    },
    async unpublish(kind) {
      const published = publishers.get(kind);
      if (!published) return;
      publishers.delete(kind);
      await published.handle.detach().catch(() => {});
    },
    async subscribe(room, feedId) {
      await this.unsubscribe(feedId);
      const handle = await wrap(session.attach(VideoRoomPlugin));
      try {
        const joined = await wrap(handle.joinSubscriber({ room: room.room, streams: [{ feed: feedId }], pin: room.pin }));
        if (!joined.jsep) throw new MediaError('Janus sent no offer for the feed');
        subscribers.set(feedId, handle);
        return joined.jsep;
      } catch (error) {
        await handle.detach().catch(() => {});
        throw error;
      }
    },
    async startSubscription(feedId, answer) {
      const handle = subscribers.get(feedId);
      if (!handle) throw new MediaError('Subscribe to the feed first');
      await wrap(handle.start({ jsep: answer }));
    },
    async unsubscribe(feedId) {
      const handle = subscribers.get(feedId);
      if (!handle) return;
      subscribers.delete(feedId);
      await handle.detach().catch(() => {});
    },
    async close() {
      if (closed) return;
      closed = true;
      forget();
      // Destroying the session detaches every handle: Janus tells the room this participant's feeds are gone.
      await session.destroy().catch(() => {});
    },
  };
}

/** Janode rejects with plain objects or Errors carrying Janus's reason; callers see one error type. */
async function wrap<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    const reason = error instanceof Error ? error.message : typeof error === 'object' && error && 'error' in error ? String((error as { error: unknown }).error) : String(error);
    throw new MediaError(reason);
  }
}
