import type { AttemptStore } from '../auth/throttle/attemptStore.ts';

/**
 * How often one visitor may ring a tour's guides. Every call rings every free guide of a language, so a stranger
 * repeating calls would keep a whole team's consoles ringing: each caller (a device, or an account) gets 10 calls in
 * 10 minutes, and each address 30 (several visitors of an event may share one address). Counted in the attempt store,
 * so in Redis when several processes serve the tour and a second process is no second budget.
 */
export const CALL_LIMITS = { perCaller: 10, perAddress: 30, windowMs: 10 * 60_000 } as const;

export class CallLimiter {
  constructor(private readonly store: AttemptStore, private readonly now: () => number = Date.now) {}

  /**
   * Counts one call for the caller and the address; false when either has used its calls for now. While the store
   * cannot be reached (Redis away) the call goes through uncounted, as the request attempt limits do: a visitor's call
   * matters more than a nuisance limit, and unlike sign-in nothing secret is guessed by calling.
   */
  async take(callerKey: string, address: string): Promise<boolean> {
    const at = this.now();
    try {
      const [caller, fromAddress] = await Promise.all([
        this.store.addFailure(`ring-call:${callerKey}`, at, CALL_LIMITS.windowMs),
        this.store.addFailure(`ring-call-address:${address}`, at, CALL_LIMITS.windowMs),
      ]);
      return caller.failures <= CALL_LIMITS.perCaller && fromAddress.failures <= CALL_LIMITS.perAddress;
    } catch {
      return true;
    }
  }
}
