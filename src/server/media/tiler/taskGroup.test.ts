import { describe, expect, it } from 'vitest';
import { settleAll, TaskGroup } from './taskGroup.ts';

const later = <T>(ms: number, value: T, fail = false) =>
  new Promise<T>((resolve, reject) => setTimeout(() => (fail ? reject(new Error(String(value))) : resolve(value)), ms));

describe('task group', () => {
  it('reports the first failure only after every task has finished', async () => {
    const group = new TaskGroup();
    let slowFinished = false;
    group.add(later(1, 'fast', true));
    group.add(later(30, 'slow').then(() => {
      slowFinished = true;
    }));
    await expect(group.run(async () => 'body')).rejects.toThrow('fast');
    expect(slowFinished).toBe(true);
  });

  it('waits for tasks when the body itself throws', async () => {
    const group = new TaskGroup();
    let finished = false;
    await expect(group.run(async () => {
      group.add(later(20, 0).then(() => {
        finished = true;
      }));
      throw new Error('body failed');
    })).rejects.toThrow('body failed');
    expect(finished).toBe(true);
  });

  it('lets a loop stop early once a task failed', async () => {
    const group = new TaskGroup();
    group.add(Promise.reject(new Error('early')));
    await Promise.resolve();
    expect(() => group.throwIfFailed()).toThrow('early');
  });

  it('settleAll waits for the slow ones before rejecting', async () => {
    let slowFinished = false;
    const slow = later(20, 'y').then(() => {
      slowFinished = true;
    });
    await expect(settleAll<unknown>([later(1, 'x', true), slow])).rejects.toThrow('x');
    expect(slowFinished).toBe(true);
  });
});
