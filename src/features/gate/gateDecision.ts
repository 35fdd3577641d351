import { isWhitelisted } from '../../protocol/visitor.ts';
import type { Tour } from '../../protocol/tour.ts';

export type GateDecision =
  /** A kept session is still being resumed: wait and look again (SESSION_RETRY_MS). */
  | 'wait'
  /** The gate shows: nobody is signed in, or the signed-in user is not on the whitelist. */
  | 'show'
  | 'pass';

type GatedTour = Pick<Tour, 'requireVisitorData' | 'requireWhiteListing' | 'whiteList'>;

/** The visitor gate rule of spec section 4 (and the whitelist rule of section 5), free of React and timers. */
export function gateDecision(tour: GatedTour, session: { user: { username: string } | null; restoring: boolean }): GateDecision {
  if (!tour.requireVisitorData && !tour.requireWhiteListing) return 'pass';
  if (session.restoring) return 'wait';
  if (!session.user) return 'show';
  if (tour.requireWhiteListing && !isWhitelisted(tour.whiteList, session.user.username)) return 'show';
  return 'pass';
}

/** Which form the gate opens with. */
export function firstStep(tour: GatedTour, hasVerifyLink: boolean): 'link' | 'form' | 'whitelist' {
  if (hasVerifyLink) return 'link';
  return tour.requireVisitorData ? 'form' : 'whitelist';
}
