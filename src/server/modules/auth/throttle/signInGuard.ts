import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../../errors.ts';
import type { KnownClientsRepository } from '../knownClients.repository.ts';
import type { AttemptStore } from './attemptStore.ts';
import { describeWait, SIGN_IN_RULES, waitBeforeNext, type BackoffRule } from './backoff.ts';

/** Who is trying: the address (under TRUST_PROXY) and the known-device cookie, when the browser sent one. */
export interface SignInClient {
  address: string;
  deviceToken?: string | undefined;
}

/** The counters one attempt is checked against, and later charged to. */
export interface SignInCheck {
  counters: Array<{ key: string; rule: BackoffRule }>;
  resetOnSuccess: string[];
}

/** An address or device is "usual" for an account for 90 days after its last successful sign-in there. */
export const USUAL_FOR_MS = 90 * 24 * 60 * 60 * 1000;

const sha = (value: string): string => createHash('sha256').update(value).digest('hex');
const hashOf = (kind: string, value: string): string => sha(`${kind}\u0000${value}`);

/**
 * Slows password guessing without letting anyone lock an owner out (OWASP's "device cookies" scheme plus
 * per-address counting). Every check happens before the password is verified, so a refused attempt costs no hashing
 * and tells nothing about the password.
 */
export class SignInGuard {
  constructor(
    private readonly store: AttemptStore,
    private readonly known: KnownClientsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The counters for this attempt, or a RATE_LIMITED error saying how long to wait. `account` is the user id when
   * the account exists, else the name that was typed (so unknown and known accounts are slowed alike).
   */
  async check(account: string, userId: string | null, client: SignInClient): Promise<SignInCheck> {
    const now = this.now();
    const since = new Date(now - USUAL_FOR_MS).toISOString();
    const deviceHash = client.deviceToken ? hashOf('device', client.deviceToken) : null;
    const knownDevice = Boolean(userId && deviceHash && (await this.known.isKnown(userId, 'device', deviceHash, since)));
    let counters: SignInCheck['counters'];
    if (knownDevice) {
      counters = [{ key: `device:${hashOf('device-account', `${deviceHash}|${account}`)}`, rule: SIGN_IN_RULES.perDevice }];
    } else {
      counters = [
        { key: `address:${hashOf('address', client.address)}`, rule: SIGN_IN_RULES.perAddress },
        { key: `account-address:${hashOf('account-address', `${account}|${client.address}`)}`, rule: SIGN_IN_RULES.perAccountAddress },
      ];
      const usualAddress = Boolean(userId && (await this.known.isKnown(userId, 'address', hashOf('address', client.address), since)));
      if (!usualAddress) counters.push({ key: `account:${hashOf('account', account)}`, rule: SIGN_IN_RULES.perAccountUnusual });
    }
    const records = await counted(Promise.all(counters.map((c) => this.store.get(c.key))));
    const waits = counters.map((c, i) => waitBeforeNext(records[i] ?? null, c.rule, now));
    const waitMs = Math.max(0, ...waits);
    if (waitMs > 0) {
      throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Please wait ${describeWait(waitMs)} and try again.`, undefined, { retryAfterMs: waitMs });
    }
    // Only the counters of this account on this address or device start over after a success; the per-address and
    // unusual-client counters keep counting, so signing into one's own account cannot reset a spray or a guess.
    return { counters, resetOnSuccess: counters.filter((c) => c.key.startsWith('device:') || c.key.startsWith('account-address:')).map((c) => c.key) };
  }

  async failed(check: SignInCheck): Promise<void> {
    const now = this.now();
    await counted(Promise.all(check.counters.map((c) => this.store.addFailure(c.key, now, c.rule.forgetAfterMs))));
  }

  /**
   * Remembers the address and the device as usual for the account and answers the device token the browser should
   * keep (the one it sent, or a new one).
   */
  async succeeded(check: SignInCheck, userId: string, client: SignInClient): Promise<string> {
    const now = new Date(this.now()).toISOString();
    const deviceToken = client.deviceToken ?? randomBytes(32).toString('base64url');
    // The password was right: a counter that could not be cleared now only expires later, so the sign-in stands.
    await Promise.allSettled(check.resetOnSuccess.map((key) => this.store.clear(key)));
    await this.known.remember(userId, 'address', hashOf('address', client.address), now);
    await this.known.remember(userId, 'device', hashOf('device', deviceToken), now);
    return deviceToken;
  }
}

/** How long a visitor is asked to wait while the counters are out of reach. */
const UNAVAILABLE_RETRY_MS = 60_000;

/**
 * The counters' store (Redis, shared by the server processes) could not be reached. Sign-in then fails closed with a
 * 503 saying to try again: letting attempts through uncounted would lift the password back-off for as long as the
 * outage lasts, which is what an attacker who can disturb Redis would want.
 */
async function counted<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new AppError(
      'SIGN_IN_UNAVAILABLE', 'Sign-in is unavailable for a moment. Please try again in a minute.', undefined,
      { retryAfterMs: UNAVAILABLE_RETRY_MS }, error,
    );
  }
}
