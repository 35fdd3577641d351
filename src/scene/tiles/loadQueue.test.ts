import { describe, expect, it } from 'vitest';
import { LoadQueue } from './loadQueue.ts';
import { TileResidency } from './tileResidency.ts';

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

describe('TileResidency', () => {
  function residency(budgetBytes: number) {
    const released: string[] = [];
    const r = new TileResidency<string>({ budgetBytes, graceMs: 100, release: (k) => released.push(k) });
    return { r, released };
  }
  it('keeps everything while under budget', () => {
    const { r, released } = residency(1000);
    r.add('a', 'A', 400, 0);
    r.add('b', 'B', 400, 0);
    expect(r.sweep(10_000)).toEqual([]);
    expect(released).toEqual([]);
    expect(r.bytes).toBe(800);
  });
  it('releases least recently used tiles past the grace period until under budget', () => {
    const { r, released } = residency(1000);
    r.add('a', 'A', 400, 0);
    r.add('b', 'B', 400, 10);
    r.add('c', 'C', 400, 20);
    r.touch(['a'], 50); // a was seen again: b is now the oldest
    expect(r.sweep(60)).toEqual([]); // nobody is past the grace period yet
    expect(r.sweep(200)).toEqual(['b']);
    expect(released).toEqual(['b']);
    expect(r.bytes).toBe(800);
    expect(r.has('b')).toBe(false);
  });
  it('tells when the next out-of-use tile may be released', () => {
    const { r } = residency(100);
    r.add('a', 'A', 400, 0);
    r.add('b', 'B', 400, 30);
    r.touch(['a'], 50);
    expect(r.nextReleaseAt(50)).toBe(130); // b, last used at 30, grace 100
    r.touch(['b'], 50);
    expect(r.nextReleaseAt(50)).toBeNull(); // everything is in use
  });
  it('never releases tiles still in use even over budget', () => {
    const { r } = residency(100);
    r.add('a', 'A', 400, 0);
    r.touch(['a'], 500);
    expect(r.sweep(550)).toEqual([]);
    expect(r.size).toBe(1);
  });
  it('releases everything on clear', () => {
    const { r, released } = residency(100);
    r.add('a', 'A', 1, 0);
    r.add('b', 'B', 1, 0);
    r.clear();
    expect(released.sort()).toEqual(['a', 'b']);
    expect(r.bytes).toBe(0);
  });
});
