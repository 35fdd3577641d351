import { describe, expect, it } from 'vitest';
import { createImageDecoder } from './imageDecoder.ts';

class FakeBitmap {
  closed = false;
  constructor(public width: number, public height: number) {}
  close() { this.closed = true; }
}

function deps(options: { status?: number; size?: [number, number] } = {}) {
  const calls: { options?: ImageBitmapOptions }[] = [];
  const bitmaps: FakeBitmap[] = [];
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  return {
    calls, bitmaps, release,
    deps: {
      fetch: async (_url: string, init: { signal: AbortSignal }) => {
        await gate;
        if (init.signal.aborted) throw new Error('aborted fetch');
        return new Response(new Uint8Array(10), { status: options.status ?? 200 });
      },
      createImageBitmap: async (_image: ImageBitmapSource, opts?: ImageBitmapOptions) => {
        calls.push({ options: opts });
        const [w, h] = opts?.resizeWidth ? [opts.resizeWidth, opts.resizeHeight ?? 1] : (options.size ?? [512, 512]);
        const b = new FakeBitmap(w, h);
        bitmaps.push(b);
        return b as unknown as ImageBitmap;
      },
    },
  };
}

describe('imageDecoder', () => {
  it('decodes with the options WebGL needs', async () => {
    const d = deps();
    d.release();
    const decoded = await createImageDecoder(d.deps).decode({ id: 1, url: 'http://x/t.jpg', flipY: true });
    expect(decoded).toMatchObject({ width: 512, height: 512, encodedBytes: 10 });
    expect(d.calls[0]!.options).toEqual({ imageOrientation: 'flipY', premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  });
  it('scales images larger than maxSize and closes the full-size bitmap', async () => {
    const d = deps({ size: [8192, 4096] });
    d.release();
    const decoded = await createImageDecoder(d.deps).decode({ id: 1, url: 'http://x/p.jpg', flipY: false, maxSize: 4096 });
    expect([decoded.width, decoded.height]).toEqual([4096, 2048]);
    expect(d.bitmaps[0]!.closed).toBe(true);
  });
  it('rejects HTTP errors', async () => {
    const d = deps({ status: 404 });
    d.release();
    await expect(createImageDecoder(d.deps).decode({ id: 1, url: 'http://x/404.jpg', flipY: true })).rejects.toThrow('HTTP 404');
  });
  it('cancels by id with an AbortError', async () => {
    const d = deps();
    const decoder = createImageDecoder(d.deps);
    const p = decoder.decode({ id: 7, url: 'http://x/t.jpg', flipY: true });
    decoder.cancel(7);
    d.release();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(decoder.pending).toBe(0);
  });
});
