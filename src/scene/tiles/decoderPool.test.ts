import * as Comlink from 'comlink';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecoderPool } from './decoderPool.ts';

/** A worker stand-in: one end of a MessageChannel, the other end exposing a decoder that never finishes. */
function stalledWorker(cancelled: number[]): Worker {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose({ decode: () => new Promise(() => undefined), cancel: (id: number) => void cancelled.push(id) }, port2);
  const worker = port1 as unknown as Worker & { terminate(): void };
  worker.terminate = () => {
    port1.close();
    port2.close();
  };
  port1.start();
  return worker;
}

describe('DecoderPool', () => {
  beforeEach(() => vi.stubGlobal('location', { href: 'http://localhost/tour' }));
  afterEach(() => vi.unstubAllGlobals());

  it('passes an abort on to the worker that decodes', async () => {
    const cancelled: number[] = [];
    const pool = new DecoderPool(1, () => stalledWorker(cancelled));
    const abort = new AbortController();
    void pool.decode('/media/t/1.jpg', { flipY: false, signal: abort.signal }).catch(() => undefined);
    abort.abort();
    await vi.waitFor(() => expect(cancelled).toEqual([1]));
    pool.dispose();
  });

  it('an abort that arrives after the pool was disposed (viewer teardown) throws nothing', async () => {
    const cancelled: number[] = [];
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on('uncaughtException', onError);
    try {
      const pool = new DecoderPool(2, () => stalledWorker(cancelled));
      const aborts = [new AbortController(), new AbortController(), new AbortController()];
      for (const a of aborts) void pool.decode('/media/t/1.jpg', { flipY: false, signal: a.signal }).catch(() => undefined);
      pool.dispose();
      expect(() => aborts.forEach((a) => a.abort())).not.toThrow();
      await new Promise((r) => setTimeout(r, 20));
      expect(errors).toEqual([]);
      expect(cancelled).toEqual([]);
      await expect(pool.decode('/media/t/2.jpg', { flipY: false })).rejects.toThrow(/disposed/);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
