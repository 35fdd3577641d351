import { CLICK_DEDUPE_MS } from '../../protocol/constants.ts';

/**
 * Spec section 7: repeats of a click on the same thing within CLICK_DEDUPE_MS are ignored. The server ignores them
 * too; dropping them here saves the request. Answers true when the click should be sent.
 */
export function createClickDeduper(now: () => number = Date.now, windowMs = CLICK_DEDUPE_MS): (identifier: string, id: string) => boolean {
  const last = new Map<string, number>();
  return (identifier, id) => {
    const key = `${identifier}\u0000${id}`;
    const at = now();
    const previous = last.get(key);
    // A repeat does not extend the window: a steady double-clicker still counts once per second.
    if (previous !== undefined && at - previous < windowMs) return false;
    last.set(key, at);
    return true;
  };
}
