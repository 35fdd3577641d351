import type { GuidesDirectory } from '../tourRing/guidesDirectory.ts';
import type { GuidesRepository } from './guides.repository.ts';

/** The tour ring's view of the guides (its GuidesDirectory contract) over the tour_guides table. */
export function ringDirectory(repo: GuidesRepository): GuidesDirectory {
  return {
    list: (buildingId) => repo.list(buildingId),
    forLanguage: (buildingId, language) => repo.forLanguage(buildingId, language),
    isGuide: (buildingId, userId) => repo.isGuide(buildingId, userId),
    toursOf: async (userId) => (await repo.toursOf(userId)).map((t) => t.buildingId),
    // The owner's setting, in seconds on the tour; a tour that is gone rings for the default (the call then fails anyway).
    ringTimeoutMs: async (buildingId) => ((await repo.settings(buildingId))?.ringTimeoutSeconds ?? 30) * 1000,
  };
}
