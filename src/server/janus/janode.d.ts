// Types for the part of janode (Meetecho's Node.js Janus client, plain JavaScript) that the meeting service uses.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface Jsep { type: 'offer' | 'answer'; sdp: string; e2ee?: boolean }

  export interface JanodeHandle extends EventEmitter {
    id: number;
    detach(): Promise<void>;
    hangup(): Promise<void>;
    trickle(candidate: unknown): Promise<void>;
    message(body: Record<string, unknown>, jsep?: Jsep): Promise<{ plugindata?: { data?: Record<string, unknown> }; jsep?: Jsep }>;
  }

  export interface JanodeSession extends EventEmitter {
    id: number;
    attach<H extends JanodeHandle>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }

  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }

  const Janode: {
    connect(config: { address: { url: string; apisecret?: string }; retry_time_secs?: number; max_retries?: number; is_admin?: boolean }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): string };
    EVENT: {
      CONNECTION_CLOSED: string;
      CONNECTION_ERROR: string;
      SESSION_DESTROYED: string;
      HANDLE_DETACHED: string;
      HANDLE_HANGUP: string;
      HANDLE_WEBRTCUP: string;
      HANDLE_MEDIA: string;
    };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, Jsep } from 'janode';

  export interface VideoRoomHandle extends JanodeHandle {
    create(params: {
      room?: number; description?: string; max_publishers?: number; permanent?: boolean; is_private?: boolean; secret?: string; pin?: string;
      admin_key?: string; bitrate?: number; bitrate_cap?: boolean; fir_freq?: number; audiocodec?: string; videocodec?: string;
      talking_events?: boolean; talking_level_threshold?: number; talking_packets_threshold?: number; notify_joining?: boolean;
    }): Promise<{ room: number }>;
    destroy(params: { room: number; permanent?: boolean; secret?: string }): Promise<unknown>;
    joinConfigurePublisher(params: {
      room: number; feed?: number; audio?: boolean; video?: boolean; bitrate?: number; display?: string; pin?: string; jsep: Jsep;
    }): Promise<{ feed: number; jsep?: Jsep; publishers: Array<{ feed: number; display?: string }> }>;
    configure(params: { audio?: boolean; video?: boolean; bitrate?: number; jsep?: Jsep; keyframe?: boolean }): Promise<unknown>;
    joinSubscriber(params: { room: number; streams: Array<{ feed: number; mid?: string }>; pin?: string }): Promise<{ jsep?: Jsep }>;
    start(params: { jsep: Jsep }): Promise<unknown>;
    leave(): Promise<unknown>;
    kick(params: { room: number; feed: number; secret?: string }): Promise<unknown>;
  }

  const VideoRoomPlugin: {
    id: string;
    Handle: new (...args: never[]) => VideoRoomHandle;
    EVENT: {
      VIDEOROOM_PUB_LIST: string;
      VIDEOROOM_UNPUBLISHED: string;
      VIDEOROOM_LEAVING: string;
      VIDEOROOM_TALKING: string;
      VIDEOROOM_KICKED: string;
      VIDEOROOM_DESTROYED: string;
      VIDEOROOM_ERROR: string;
    };
  };
  export default VideoRoomPlugin;
}
