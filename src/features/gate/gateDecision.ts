import type { Tour } from '../../protocol/tour.ts';

export type GateDecision =
  /** A kept session is still being resumed: wait and look again (SESSION_RETRY_MS). */
  | 'wait'
  /** The gate shows: nobody is signed in, or the server refused the signed-in user (not on the whitelist). */
  | 'show'
  /** Someone is signed in whom the server has not judged yet: ask it for the tour with the session. */
  | 'check'
  | 'pass';

type GatedTour = Pick<Tour, 'requireVisitorData' | 'requireWhiteListing'>;

/** What the server said about signed-in users: the tour was answered in full for `admitted`, gate-only for `refused`. */
export interface ServerVerdict {
  admitted: string | null;
  refused: string | null;
}

/**
 * The visitor gate rule of spec section 4 (and the whitelist rule of section 5), free of React and timers. The server
 * applies the rule (it alone knows the whitelist): the client only asks it, with the session, and follows its answer.
 */
export function gateDecision(tour: GatedTour, session: { user: { username: string } | null; restoring: boolean }, verdict: ServerVerdict): GateDecision {
  if (!tour.requireVisitorData && !tour.requireWhiteListing) return 'pass';
  if (session.restoring) return 'wait';
  if (!session.user) return 'show';
  if (session.user.username === verdict.admitted) return 'pass';
  if (session.user.username === verdict.refused) return 'show';
  return 'check';
}

/** Which form the gate opens with. */
export function firstStep(tour: GatedTour, hasVerifyLink: boolean): 'link' | 'form' | 'whitelist' {
  if (hasVerifyLink) return 'link';
  return tour.requireVisitorData ? 'form' : 'whitelist';
}
