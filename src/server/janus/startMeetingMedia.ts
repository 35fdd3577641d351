import { connectJanus, type MeetingMedia } from './janusMedia.ts';
import { JanusUnavailable, startJanusChild, type JanusChild } from './janusProcess.ts';

export interface MeetingMediaConfig {
  janusUrl?: string | undefined;
  janusApiSecret?: string | undefined;
  janusAdminKey?: string | undefined;
  /** The binary to start when no JANUS_URL is given; "off" turns meetings off. */
  janusBinary: string;
  janusRtpPorts?: string | undefined;
}

export interface MeetingMediaRuntime {
  /** Null: meetings are off on this server (the viewer hides their controls). */
  media: MeetingMedia | null;
  /** One line for the start-up log: where media goes, or that meetings are off and how to turn them on. */
  summary: string;
  close(): Promise<void>;
}

export const MEETINGS_OFF_HINT = 'install Janus (apt-get install janus) or set JANUS_URL=ws://host:8188 to turn them on';

/**
 * JANUS_URL: an existing Janus's WebSocket API. Otherwise a private Janus child when the binary is installed.
 * Neither: meetings are off and the server starts anyway.
 */
export async function startMeetingMedia(config: MeetingMediaConfig, onJanusOutput?: (line: string) => void): Promise<MeetingMediaRuntime> {
  if (config.janusUrl) {
    try {
      const media = await connectJanus({ url: config.janusUrl, apiSecret: config.janusApiSecret, adminKey: config.janusAdminKey }, `Janus at ${config.janusUrl}`);
      return { media, summary: `Meetings: Janus at ${config.janusUrl}`, close: () => media.close() };
    } catch (error) {
      return off(`Janus at ${config.janusUrl} did not answer (${reason(error)}); check JANUS_URL and JANUS_API_SECRET`);
    }
  }
  if (config.janusBinary === 'off') return off('JANUS_BINARY=off');
  let child: JanusChild | undefined;
  try {
    child = await startJanusChild({ binary: config.janusBinary, rtpPortRange: config.janusRtpPorts, onOutput: onJanusOutput });
    const media = await connectJanus(child, `Janus child process on ${child.url}`);
    const started = child;
    return {
      media,
      summary: `Meetings: Janus started by Atrium (${started.url}, its API on loopback only)`,
      close: async () => {
        await media.close();
        await started.stop();
      },
    };
  } catch (error) {
    await child?.stop();
    return off(error instanceof JanusUnavailable ? error.message : reason(error));
  }
}

function off(why: string): MeetingMediaRuntime {
  return { media: null, summary: `Meetings: off (${why}); ${MEETINGS_OFF_HINT}`, close: async () => {} };
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
