import { describe, expect, it } from 'vitest';
import { delayAfter, describeWait, SIGN_IN_RULES, waitBeforeNext } from './backoff.ts';
import { MemoryAttemptStore } from './attemptStore.ts';

describe('sign-in back-off', () => {
  it('lets the free failures pass, then doubles the wait up to 15 minutes', () => {
    const rule = SIGN_IN_RULES.perAccountAddress;
    const schedule = Array.from({ length: 16 }, (_, i) => delayAfter(i + 1, rule) / 1000);
    expect(schedule).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(delayAfter(10_000, rule)).toBe(15 * 60_000);
  });

  it('counts the wait from the last failure', () => {
    const rule = SIGN_IN_RULES.perAddress;
    expect(waitBeforeNext(null, rule, 1000)).toBe(0);
    expect(waitBeforeNext({ failures: 21, lastFailureAt: 10_000 }, rule, 10_500)).toBe(1500);
    expect(waitBeforeNext({ failures: 21, lastFailureAt: 10_000 }, rule, 13_000)).toBe(0);
  });

  it('says the wait in words people read', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(8000)).toBe('8 seconds');
    expect(describeWait(15 * 60_000)).toBe('15 minutes');
  });
});

describe('MemoryAttemptStore', () => {
  it('counts failures per key and forgets a record after its time', async () => {
    let now = 0;
    const store = new MemoryAttemptStore(() => now);
    await store.addFailure('a', now, 1000);
    expect(await store.addFailure('a', now, 1000)).toEqual({ failures: 2, lastFailureAt: 0 });
    expect(await store.get('b')).toBeNull();
    now = 999;
    expect((await store.get('a'))?.failures).toBe(2);
    now = 1000;
    expect(await store.get('a')).toBeNull();
    await store.addFailure('c', now, 1000);
    await store.clear('c');
    expect(await store.get('c')).toBeNull();
  });
});
