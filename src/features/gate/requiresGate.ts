import type { Tour } from '../../protocol/tour.ts';

/** Section 4: a tour that asks for visitor data or keeps a whitelist loads the visitor gate (a lazy chunk). */
export const requiresGate = (tour: Pick<Tour, 'requireVisitorData' | 'requireWhiteListing'>): boolean =>
  tour.requireVisitorData || tour.requireWhiteListing;
