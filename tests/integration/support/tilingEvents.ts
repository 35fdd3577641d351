import { PanoramaEventSchema, type StudioPanorama } from '../../../src/protocol/studio.ts';

export interface TilingWatch {
  /** Every panorama event in the order it arrived. */
  seen: StudioPanorama[];
  /** The last state of each panorama. */
  latest: Map<string, StudioPanorama>;
  until(done: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Reads a tour's tiling events stream (Server-Sent Events) as the studio does, over fetch with identity headers. */
export async function watchTiling(baseUrl: string, tourId: string, headers: Record<string, string>): Promise<TilingWatch> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/v2/studio/tours/${tourId}/events`, { headers, signal: controller.signal });
  if (res.status !== 200) throw new Error(`events stream: ${res.status} ${await res.text()}`);
  const seen: StudioPanorama[] = [];
  const latest = new Map<string, StudioPanorama>();
  let ended = false;
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const events = buffer.split('\n\n');
      buffer = events.pop()!;
      for (const event of events) {
        const data = event.split('\n').find((l) => l.startsWith('data: '));
        if (!data) continue;
        const { panorama } = PanoramaEventSchema.parse(JSON.parse(data.slice(6)));
        seen.push(panorama);
        latest.set(panorama.objectId, panorama);
      }
    }
  })().catch(() => undefined).finally(() => { ended = true; });
  return {
    seen,
    latest,
    until: async (done, what, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(seen.map((p) => [p.objectId, p.status, p.progress]))}`);
        if (ended) throw new Error(`the events stream ended while waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => controller.abort(),
  };
}
