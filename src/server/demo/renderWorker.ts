import { parentPort } from 'node:worker_threads';
import { type BandJob, renderBand } from './renderBand.ts';

// Worker thread entry: renders bands of panorama rows on request and hands the bytes back
// (transferred, not copied).

export interface BandRequest extends BandJob { readonly seq: number }
export interface BandReply { readonly seq: number; readonly rgb: Uint8Array }

const port = parentPort;
if (port) {
  port.on('message', (job: BandRequest) => {
    const rgb = renderBand(job);
    const reply: BandReply = { seq: job.seq, rgb };
    port.postMessage(reply, [rgb.buffer as ArrayBuffer]);
  });
}
