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

  it('lets accounts take turns: the many tasks of one account do not hold back the single task of another', async () => {
    const queue = createWorkQueue(1);
    const order: string[] = [];
    const gate = deferred();
    const job = (name: string, key: string, wait?: Promise<void>) => queue.run(async () => {
      order.push(name);
      await wait;
    }, key);
    const all = [job('a1', 'a', gate.promise), job('a2', 'a'), job('a3', 'a'), job('a4', 'a'), job('b1', 'b'), job('c1', 'c'), job('b2', 'b')];
    await tick();
    expect(queue.waiting).toBe(6);
    gate.resolve();
    await Promise.all(all);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a concurrency below one', () => {
    expect(() => createWorkQueue(0)).toThrow(RangeError);
  });
});
