import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';

export interface Owner {
  userId: string;
  headquarterId: string;
}

/**
 * Finds the user by username, or creates it with a headquarter of the given title, so that
 * command-line imports and the demo have an owner before accounts exist in the browser.
 */
export async function ensureOwner(repos: Repositories, username: string, headquarterTitle: string): Promise<Owner> {
  const existing = await repos.users.findByUsername(username);
  if (existing?.headquarterId) return { userId: existing.id, headquarterId: existing.headquarterId };
  let hq = await repos.headquarters.findByTitle(headquarterTitle);
  if (!hq) {
    await repos.headquarters.insert({ id: newId(), title: headquarterTitle, qrUrl: null, partner: 0 });
    hq = (await repos.headquarters.findByTitle(headquarterTitle))!;
  }
  if (existing) return { userId: existing.id, headquarterId: hq.id };
  const userId = newId();
  await repos.users.insert({ id: userId, username, userType: 'owner', headquarterId: hq.id, name: username });
  return { userId, headquarterId: hq.id };
}
