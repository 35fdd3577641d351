import { describe, expect, it } from 'vitest';
import { LoadQueue } from './loadQueue.ts';

interface Pending { key: string; signal: AbortSignal; resolve: (v: string) => void; reject: (e: Error) => void }

function harness(concurrency = 2) {
  const pending: Pending[] = [];
  const loaded: string[] = [];
  const discarded: string[] = [];
  let clock = 0;
  const queue = new LoadQueue<string>({
    concurrency,
    load: (key, signal) => new Promise((resolve, reject) => pending.push({ key, signal, resolve, reject })),
    onLoad: (key) => loaded.push(key),
    discard: (v) => discarded.push(v),
    retryDelayMs: 1000,
    now: () => clock,
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { queue, pending, loaded, discarded, settle, tick: (ms: number) => (clock += ms) };
}

describe('LoadQueue', () => {
  it('starts the best priorities first and never exceeds the concurrency', () => {
    const h = harness(2);
    h.queue.setWanted([{ key: 'c', priority: 3 }, { key: 'a', priority: 1 }, { key: 'b', priority: 2 }]);
    expect(h.pending.map((p) => p.key)).toEqual(['a', 'b']);
    expect(h.queue.stats).toMatchObject({ inFlight: 2, pending: 1 });
  });
  it('re-prioritises when the view moves', async () => {
    const h = harness(1);
    h.queue.setWanted([{ key: 'a', priority: 1 }, { key: 'b', priority: 2 }, { key: 'c', priority: 3 }]);
    h.queue.setWanted([{ key: 'a', priority: 1 }, { key: 'b', priority: 9 }, { key: 'c', priority: 0 }]);
    h.pending[0]!.resolve('A');
    await h.settle();
    expect(h.loaded).toEqual(['a']);
    expect(h.pending[1]!.key).toBe('c');
  });
  it('aborts loads that left the view, frees their slot and discards late values', async () => {
    const h = harness(1);
    h.queue.setWanted([{ key: 'a', priority: 1 }]);
    const first = h.pending[0]!;
    h.queue.setWanted([{ key: 'b', priority: 1 }]);
    expect(first.signal.aborted).toBe(true);
    expect(h.pending[1]!.key).toBe('b');
    first.resolve('late-a');
    await h.settle();
    expect(h.loaded).toEqual([]);
    expect(h.discarded).toEqual(['late-a']);
    expect(h.queue.stats.cancelled).toBe(1);
  });
  it('waits before retrying a failed key', async () => {
    const h = harness(1);
    h.queue.setWanted([{ key: 'a', priority: 1 }]);
    h.pending[0]!.reject(new Error('404'));
    await h.settle();
    h.queue.setWanted([{ key: 'a', priority: 1 }]);
    expect(h.pending).toHaveLength(1);
    h.tick(1001);
    h.queue.setWanted([{ key: 'a', priority: 1 }]);
    expect(h.pending).toHaveLength(2);
    expect(h.queue.stats.failed).toBe(1);
  });
  it('aborts everything on dispose', () => {
    const h = harness(2);
    h.queue.setWanted([{ key: 'a', priority: 1 }, { key: 'b', priority: 1 }]);
    h.queue.dispose();
    expect(h.pending.every((p) => p.signal.aborted)).toBe(true);
  });
});
