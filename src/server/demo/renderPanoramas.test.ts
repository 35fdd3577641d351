import { describe, expect, it } from 'vitest';
import { renderPanoramas } from './renderPanoramas.ts';

async function render(workers: number): Promise<Uint8Array> {
  let out: Uint8Array | null = null;
  await renderPanoramas(['bathroom'], 256, { workers, onPanorama: (_id, rgb) => { out = rgb; } });
  return out!;
}

describe('renderPanoramas', () => {
  it('renders the same bytes on a worker thread as inline', async () => {
    const inline = await render(0);
    const threaded = await render(1);
    expect(inline.length).toBe(256 * 128 * 3);
    expect(Buffer.compare(Buffer.from(inline), Buffer.from(threaded))).toBe(0);
    // Not a blank image: a room has many tones.
    expect(new Set(inline).size).toBeGreaterThan(100);
  });
});
