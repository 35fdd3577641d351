// The microphone, recorded with the browser's own codec (MediaRecorder). The server checks what arrives by content.
import { PILOT_AUDIO_FORMATS } from '../../protocol/pilot.ts';

export type MicProblem = 'microphone-blocked' | 'no-microphone' | 'unsupported';

export class MicError extends Error {
  constructor(readonly problem: MicProblem) {
    super(problem);
  }
}

/** The first type this browser records that the server accepts (Chromium and Firefox: WebM Opus; Safari: MP4 AAC). */
function chooseType(): string | undefined {
  const wanted = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4;codecs=mp4a.40.2', ...PILOT_AUDIO_FORMATS.map((f) => f.contentType)];
  return wanted.find((type) => MediaRecorder.isTypeSupported(type));
}

export interface MicCapture {
  /** Stops recording and releases the microphone; resolves with the whole take. */
  stop(): Promise<Blob>;
  /** Releases the microphone and drops what was recorded. */
  cancel(): void;
}

export async function startMic(): Promise<MicCapture> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) throw new MicError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new MicError('no-microphone');
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new MicError('microphone-blocked');
    throw new MicError('no-microphone');
  }
  const type = chooseType();
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const release = () => stream.getTracks().forEach((track) => track.stop());
  // A chunk every second: a crash of the tab loses at most the last second rather than the take.
  recorder.start(1000);
  return {
    stop: () => new Promise<Blob>((resolve) => {
      recorder.onstop = () => {
        release();
        resolve(new Blob(chunks, { type: (recorder.mimeType || type || 'audio/webm').split(';')[0] }));
      };
      if (recorder.state === 'inactive') recorder.onstop(new Event('stop'));
      else recorder.stop();
    }),
    cancel: () => {
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}
