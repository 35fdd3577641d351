import type { FastifyRequest } from 'fastify';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import { requireUser, type SessionUser } from '../auth/identity.ts';

/**
 * The one policy layer for everything owners change or read privately (studio, analytics).
 * A tour belongs to a headquarter; its owner and editors are the users of that headquarter whose userType is
 * 'owner' or 'editor' (and the building's own owner). Anyone else gets the same 403 whether the tour exists or not,
 * so ids cannot be probed.
 */
export const EDITOR_TYPES = ['owner', 'editor'] as const;
export const FORBIDDEN_TOUR = 'This tour does not exist or you are not allowed to change it.';

export function canEditBuilding(user: SessionUser, building: Pick<BuildingRow, 'headquarterId' | 'ownerId'>): boolean {
  if (building.ownerId === user.id) return true;
  return user.headquarterId === building.headquarterId && (EDITOR_TYPES as readonly string[]).includes(user.userType);
}

/** Signed in (401 otherwise) and owner or editor of the tour (403 otherwise, also for an unknown id). Removed tours count. */
export async function requireTourEditor(repos: Repositories, request: FastifyRequest, buildingId: string): Promise<{ user: SessionUser; building: BuildingRow }> {
  const user = requireUser(request);
  const building = await repos.buildings.findById(buildingId);
  if (!building || !canEditBuilding(user, building)) throw new AppError('FORBIDDEN', FORBIDDEN_TOUR);
  return { user, building };
}

/** Signed in and owner or editor of a headquarter: the headquarter whose tours the user may list and create. */
export function requireHeadquarterEditor(request: FastifyRequest): { user: SessionUser; headquarterId: string } {
  const user = requireUser(request);
  if (!user.headquarterId || !(EDITOR_TYPES as readonly string[]).includes(user.userType)) {
    throw new AppError('FORBIDDEN', 'Your account has no studio yet. Open the studio to create one.');
  }
  return { user, headquarterId: user.headquarterId };
}

/**
 * A member who opens the studio for the first time gets a headquarter of their own and becomes its owner.
 * Returns the (possibly updated) user. Visitor accounts (made by the visitor gate) never get one.
 */
export async function ensureOwnHeadquarter(repos: Repositories, user: SessionUser): Promise<SessionUser> {
  if (user.headquarterId && (EDITOR_TYPES as readonly string[]).includes(user.userType)) return user;
  if (user.userType === 'visitor') throw new AppError('FORBIDDEN', 'Visitor accounts cannot create tours.');
  const headquarterId = newId();
  await repos.headquarters.insert({ id: headquarterId, title: `${user.name ?? user.username} (${headquarterId})`, qrUrl: null, partner: 0 });
  await repos.users.update(user.id, { headquarterId, userType: 'owner' });
  return { ...user, headquarterId, userType: 'owner' };
}
