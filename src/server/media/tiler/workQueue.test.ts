import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './workQueue.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('work queue', () => {
  it('runs at most `concurrency` tasks, in order', async () => {
    const queue = createWorkQueue(2);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = gates.map((g, i) => queue.run(async () => {
      started.push(i);
      await g.promise;
      return i;
    }));
    await tick();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(done)).toEqual([0, 1, 2]);
  });

  it('passes failures to the caller and keeps going', async () => {
    const queue = createWorkQueue(1);
    const failing = queue.run(() => Promise.reject(new Error('boom')));
    const next = queue.run(async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    expect(queue.running).toBe(0);
  });

  it('starts waiting tasks when the concurrency is raised', async () => {
    const queue = createWorkQueue(1);
    const gate = deferred();
    let second = false;
    void queue.run(() => gate.promise);
    void queue.run(async () => {
      second = true;
    });
    await tick();
    expect(second).toBe(false);
    queue.setConcurrency(2);
    await tick();
    expect(second).toBe(true);
    gate.resolve();
  });

  it('refuses a concurrency below one', () => {
    expect(() => createWorkQueue(0)).toThrow(RangeError);
  });
});
