import { bool, json } from '../../db/columns.ts';
import { canEditBuilding } from '../access/policy.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';

/**
 * Whether a visitor may see what a tour holds, as the viewer would show it: not removed, hidden or offline; a draft
 * only to its editors; a whitelisted tour only to listed usernames (case-insensitive) and its editors; a tour that asks
 * for visitor data only to someone signed in. A favourite of a tour the visitor may not see resolves to nothing, in the
 * list and in the PDF alike, so a saved id never leaks what the tour hides.
 */
export function tourVisibleTo(building: BuildingRow, viewer: SessionUser | null): boolean {
  if (building.removedAt || bool(building.hidden) || bool(building.isOffline) || bool(building.unavailable)) return false;
  const editor = viewer !== null && canEditBuilding(viewer, building);
  if (bool(building.draft) && !editor) return false;
  if (bool(building.requireWhiteListing)) {
    if (!viewer) return false;
    const listed = json<unknown[]>(building.whiteList, []).some((u) => typeof u === 'string' && u.toLowerCase() === viewer.username.toLowerCase());
    if (!listed && !editor) return false;
  }
  if (bool(building.requireVisitorData) && !viewer) return false;
  return true;
}
