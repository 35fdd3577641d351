import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { MEETING_NAMESPACE, type Ack, type MeetingClientEvents, type MeetingServerEvents } from '../../../src/protocol/meeting.ts';
import { SOCIAL_PROTOCOL_VERSION, SOCIAL_SOCKET_PATH } from '../../../src/protocol/social.ts';
import { startJanusChild, type JanusChild } from '../../../src/server/janus/janusProcess.ts';
import { whichBinary } from '../../../src/server/janus/janusConfig.ts';

export type TestMeetingSocket = Socket<MeetingServerEvents, MeetingClientEvents>;

export async function connectMeeting(baseUrl: string): Promise<TestMeetingSocket> {
  const socket: TestMeetingSocket = io(`${baseUrl}${MEETING_NAMESPACE}`, {
    path: SOCIAL_SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { v: SOCIAL_PROTOCOL_VERSION, deviceId: randomBytes(12).toString('base64url') },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export async function ask<E extends keyof MeetingClientEvents>(
  socket: TestMeetingSocket, event: E, request: Parameters<MeetingClientEvents[E]>[0],
): Promise<Parameters<Parameters<MeetingClientEvents[E]>[1]>[0]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (socket.timeout(10_000) as any).emitWithAck(event, request);
}

export function dataOf<T>(answer: Ack<T>): T {
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.data;
}

/** The next event of that name that matches, or a failure after the timeout. */
export function next<E extends keyof MeetingServerEvents>(
  socket: TestMeetingSocket, event: E, match: (payload: Parameters<MeetingServerEvents[E]>[0]) => boolean = () => true, timeoutMs = 8000,
): Promise<Parameters<MeetingServerEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no matching ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: Parameters<MeetingServerEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/**
 * A real Janus for the test (its own folder and loopback port). Without the binary the test skips, except in CI,
 * where .ci/run installs it and a missing Janus is a failure.
 */
export async function startTestJanus(): Promise<JanusChild | null> {
  if (!whichBinary('janus')) {
    if (process.env.CI) throw new Error('Janus is required in CI (apt-get install janus)');
    console.warn('meeting tests skipped: the janus binary is not installed (apt-get install janus)');
    return null;
  }
  return startJanusChild();
}

/**
 * A browser-like publisher offer (Opus microphone first, then a VP8 camera, DTLS and ICE attributes) that Janus
 * accepts and answers. No media ever flows from it: the tests check negotiation, not pictures (the e2e suite does).
 */
export function fakeOffer(): { type: 'offer'; sdp: string } {
  const ufrag = randomBytes(4).toString('hex');
  const pwd = randomBytes(12).toString('hex');
  const fingerprint = [...randomBytes(32)].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
  const common = (mid: string) => [
    'c=IN IP4 0.0.0.0', 'a=rtcp:9 IN IP4 0.0.0.0', `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, 'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`, 'a=setup:actpass', `a=mid:${mid}`, 'a=sendonly', 'a=rtcp-mux',
  ];
  const ssrc = () => randomBytes(4).readUInt32BE(0);
  const lines = [
    'v=0', `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', 'a=group:BUNDLE 0 1', 'a=msid-semantic: WMS stream',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111', ...common('0'), 'a=rtpmap:111 opus/48000/2', 'a=fmtp:111 minptime=10;useinbandfec=1', `a=ssrc:${ssrc()} cname:test`,
    'm=video 9 UDP/TLS/RTP/SAVPF 96', ...common('1'), 'a=rtpmap:96 VP8/90000', 'a=rtcp-fb:96 nack', 'a=rtcp-fb:96 nack pli', `a=ssrc:${ssrc()} cname:test`,
  ];
  return { type: 'offer', sdp: `${lines.join('\r\n')}\r\n` };
}
