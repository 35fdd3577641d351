/**
 * A back-off rule: some failures are free (people mistype), then each further failure doubles the wait before the
 * next attempt is even checked, up to a ceiling; the count is forgotten some time after the last failure.
 */
export interface BackoffRule {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The sign-in rules (documented in README "Sign-in protection"):
 * - perAddress: every failure from one address, whatever the account: stops one password sprayed over many accounts.
 * - perAccountAddress: one account from one address: a typo-prone owner is slowed only where they type.
 * - perAccountUnusual: one account from every address and device that never signed into it: stops guessing spread
 *   over many addresses, and cannot keep the owner out, because their usual addresses and devices skip it.
 * - perDevice: one account from a device holding its known-device cookie (checked instead of the three above).
 */
export const SIGN_IN_RULES = {
  perAddress: { freeFailures: 20, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 6 * HOUR },
  perAccountAddress: { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
  perAccountUnusual: { freeFailures: 10, firstDelayMs: 2000, maxDelayMs: 15 * MINUTE, forgetAfterMs: 6 * HOUR },
  perDevice: { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 15 * MINUTE, forgetAfterMs: HOUR },
} as const satisfies Record<string, BackoffRule>;

/** How long to wait after the last failure when `failures` have been counted. */
export function delayAfter(failures: number, rule: BackoffRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.firstDelayMs * 2 ** doublings, rule.maxDelayMs);
}

/** Milliseconds until the next attempt may be checked (0: now). */
export function waitBeforeNext(record: { failures: number; lastFailureAt: number } | null, rule: BackoffRule, now: number): number {
  if (!record) return 0;
  return Math.max(0, record.lastFailureAt + delayAfter(record.failures, rule) - now);
}

/** "8 seconds", "3 minutes": the wait, rounded up, for the message people read. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
