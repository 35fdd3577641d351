import type { Tour } from '../protocol/tour.ts';
import type { ViewerQuery } from '../protocol/viewerQuery.ts';

/** What the tour owner's settings (spec section 6) change in the viewer, beside the panels that read them directly. */
export interface OwnerEffects {
  /**
   * Auto-rotation moves on to the next panorama after each turn (skipping toilets and bathrooms): the owner's
   * useAutopilot, or autopilot=true in the address. The visitor can still stop rotation with the toolbar, and
   * autorotate=false in the address keeps it off, as for the address's own autopilot.
   */
  autopilot: boolean;
  /** Visitor statistics and the tracked visitor session run only while the owner's analytics switch is on. */
  analytics: boolean;
}

export function ownerEffects(tour: Pick<Tour, 'ownerSettings'>, query: Pick<ViewerQuery, 'autopilot'>): OwnerEffects {
  return { autopilot: query.autopilot || tour.ownerSettings.useAutopilot, analytics: tour.ownerSettings.analytics };
}
