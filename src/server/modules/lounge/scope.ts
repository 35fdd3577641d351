import { json } from '../../db/columns.ts';
import { AppError } from '../../errors.ts';
import type { LoungeRepository } from './lounge.repository.ts';

export type TourInfo = Awaited<ReturnType<LoungeRepository['tours']>>[number];

/** The tours a lounge spans: the visitor's tour, or every open tour of the group the address names. */
export interface LoungeScope {
  tourId: string;
  tourIds: string[];
  tours: Map<string, TourInfo>;
}

const isOpen = (t: TourInfo) => !t.removedAt && !t.isOffline && !t.unavailable && !t.hidden;

export async function resolveScope(repo: LoungeRepository, tourId: string, groupId: string | null): Promise<LoungeScope> {
  const ids = groupId ? await repo.toursOfGroup(groupId) : [tourId];
  if (groupId && !ids.includes(tourId)) throw new AppError('VALIDATION_FAILED', 'groupId: this LiveTour is not part of that group.', 'groupId');
  const tours = new Map((await repo.tours(ids)).filter(isOpen).map((t) => [t.id, t]));
  if (!tours.has(tourId)) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.");
  return { tourId, tourIds: ids.filter((id) => tours.has(id)), tours };
}

/** Section 4's whitelist rule: a whitelisted tour admits only listed usernames (case-insensitive). */
export function whitelistAdmits(tour: TourInfo, username: string): boolean {
  if (!tour.requireWhiteListing) return true;
  return json<string[]>(tour.whiteList, []).some((name) => typeof name === 'string' && name.toLowerCase() === username.toLowerCase());
}
