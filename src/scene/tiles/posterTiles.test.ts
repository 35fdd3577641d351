import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePosterTile } from './posterTiles.ts';

const URL_A = 'https://tour.example/media/p/tiles/2/f/0_0.jpg';

interface PosterGlobals {
  __atriumPosterTiles?: Record<string, Promise<unknown> | undefined>;
  createImageBitmap?: unknown;
}

const globals = globalThis as PosterGlobals;

/** Lets every queued microtask run, as the end of a task would, without giving the event loop a turn. */
async function drainMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

describe('takePosterTile', () => {
  afterEach(() => {
    delete globals.__atriumPosterTiles;
    delete globals.createImageBitmap;
  });

  it('converts the poster\'s image in a later task, not in the microtasks of the frame that asked for it', async () => {
    const bitmap = { width: 512, height: 512, close: vi.fn() };
    const createImageBitmap = vi.fn(async () => bitmap);
    globals.createImageBitmap = createImageBitmap;
    const img = {};
    globals.__atriumPosterTiles = { [URL_A]: Promise.resolve(img) };

    const taken = takePosterTile(URL_A);
    expect(taken).toBeDefined();
    await drainMicrotasks();
    // Still inside the task that asked: the synchronous decode has not run yet, so the frame can be presented.
    expect(createImageBitmap).not.toHaveBeenCalled();

    await expect(taken).resolves.toEqual({ bitmap, width: 512, height: 512, encodedBytes: 0 });
    expect(createImageBitmap).toHaveBeenCalledWith(img, expect.objectContaining({ imageOrientation: 'flipY' }));
  });

  it('hands each poster tile over once; a second ask fetches as usual', async () => {
    globals.createImageBitmap = vi.fn(async () => ({ width: 512, height: 512, close: vi.fn() }));
    globals.__atriumPosterTiles = { [URL_A]: Promise.resolve({}) };
    const first = takePosterTile(URL_A);
    expect(takePosterTile(URL_A)).toBeUndefined();
    await expect(first).resolves.toMatchObject({ width: 512 });
  });

  it('rejects when the poster\'s image failed, so the caller fetches the tile itself', async () => {
    globals.createImageBitmap = vi.fn();
    const failed = Promise.reject(new Error('tile 404'));
    failed.catch(() => undefined);
    globals.__atriumPosterTiles = { [URL_A]: failed };
    await expect(takePosterTile(URL_A)).rejects.toThrow('tile 404');
    expect(globals.createImageBitmap).not.toHaveBeenCalled();
  });
});
