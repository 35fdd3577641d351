import { FAVORITE_NOTE_MAX } from '../../../protocol/constants.ts';
import {
  CONTEXT_CATEGORIES, FAVORITES_PER_USER_MAX, noteTooLong,
  type Favorite, type FavoriteAddBody, type FavoriteKey, type FavoritesAnswer, type FavoriteTarget, type LocalFavorite,
} from '../../../protocol/favorites.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { FavoriteRow, FavoritesRepository } from './favorites.repository.ts';
import type { FavoriteTargets, TargetRequest } from './favoriteTargets.ts';
import { tourVisibleTo } from './tourAccess.ts';

/** Section 8's words for a saved thing that is gone. */
export const ITEM_GONE = 'This item is no longer available';

export function checkNote(note: string): string {
  if (noteTooLong(note)) {
    throw new AppError('VALIDATION_FAILED', `Notes are limited to ${FAVORITE_NOTE_MAX} letters.`, 'body.note', { limit: FAVORITE_NOTE_MAX });
  }
  return note.trim();
}

const present = (row: FavoriteRow, target: FavoriteTarget | null): Favorite => ({
  favoriteId: row.id,
  identifier: row.identifier as Favorite['identifier'],
  identifierId: row.identifierId,
  note: row.note,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  target,
});

const requestOf = (row: FavoriteRow): TargetRequest => ({ identifier: row.identifier as FavoriteKey['identifier'], identifierId: row.identifierId, buildingId: row.buildingId });

/** Favourites of accounts (section 7's four calls) and of anonymous visitors (resolve), behind section 3's flag. */
export class FavoritesService {
  constructor(private readonly store: FavoritesRepository, private readonly targets: FavoriteTargets) {}

  async list(user: SessionUser): Promise<FavoritesAnswer> {
    return { favorites: await this.presentAll(user, await this.store.list(user.id)), noteLimit: FAVORITE_NOTE_MAX };
  }

  /** Idempotent: adding what the account has answers the stored favourite (a note given then replaces an empty one). */
  async add(user: SessionUser, body: FavoriteAddBody): Promise<Favorite> {
    const note = checkNote(body.note ?? '');
    const existing = await this.store.find(user.id, body);
    if (existing) return this.presentOne(user, note && !existing.note ? (await this.store.setNote(user.id, existing.id, note))! : existing);
    const buildingId = await this.checkSavable(user, body);
    if ((await this.store.count(user.id)) >= FAVORITES_PER_USER_MAX) {
      throw new AppError('FAVORITES_FULL', `You can keep up to ${FAVORITES_PER_USER_MAX} favourites. Remove some to add more.`, undefined, { limit: FAVORITES_PER_USER_MAX });
    }
    const { row } = await this.store.add(user.id, body, { buildingId, note });
    return this.presentOne(user, row);
  }

  /** Removing what is not (or no longer) there is not an error: the answer says whether something was removed. */
  async remove(user: SessionUser, key: FavoriteKey): Promise<{ removed: boolean }> {
    return { removed: await this.store.remove(user.id, key) };
  }

  async setNote(user: SessionUser, favoriteId: string, note: string): Promise<Favorite> {
    const row = await this.store.setNote(user.id, favoriteId, checkNote(note));
    // Another account's favourite answers exactly as one that does not exist.
    if (!row) throw new AppError('NOT_FOUND', ITEM_GONE);
    return this.presentOne(user, row);
  }

  /**
   * What a visitor picked before signing in joins their list. Items that can no longer be saved (gone, hidden, the
   * tour's favourites switched off) are skipped rather than failing the rest; notes fill empty ones, never overwrite.
   */
  async merge(user: SessionUser, items: readonly LocalFavorite[]): Promise<FavoritesAnswer> {
    let room = FAVORITES_PER_USER_MAX - (await this.store.count(user.id));
    for (const item of items) {
      const note = noteTooLong(item.note) ? '' : item.note.trim();
      const existing = await this.store.find(user.id, item);
      if (existing) {
        if (note && !existing.note) await this.store.setNote(user.id, existing.id, note);
        continue;
      }
      if (room <= 0) break;
      const buildingId = await this.checkSavable(user, item).catch((e: unknown) => (e instanceof AppError ? undefined : Promise.reject(e)));
      if (buildingId === undefined) continue;
      const { created } = await this.store.add(user.id, item, { buildingId, note });
      if (created) room--;
    }
    return this.list(user);
  }

  /** Section 3: favourites are offered where the tour or one of its groups has the flag; nothing of a hidden tour. */
  async settings(viewer: SessionUser | null, buildingId: string): Promise<{ enabled: boolean; noteLimit: number }> {
    const tour = await this.targets.building(buildingId);
    const enabled = tour !== undefined && tourVisibleTo(tour, viewer) && (await this.targets.favoritesOn(tour));
    return { enabled, noteLimit: FAVORITE_NOTE_MAX };
  }

  /** An anonymous visitor's list, resolved as an account's would be (nothing of a tour they may not see). */
  resolve(viewer: SessionUser | null, items: readonly TargetRequest[]): Promise<Array<FavoriteTarget | null>> {
    return this.targets.resolve(viewer, items);
  }

  /**
   * The server is the gate for section 3's flag: the item must exist, its tour (or, for people and companies, the
   * tour it is saved from) must be one the visitor may see, with favourites on there or in one of its groups.
   * Answers the tour to remember with the favourite.
   */
  async checkSavable(viewer: SessionUser | null, item: TargetRequest): Promise<string | null> {
    const needsContext = CONTEXT_CATEGORIES.includes(item.identifier);
    if (needsContext && !item.buildingId) {
      throw new AppError('VALIDATION_FAILED', 'buildingId: name the tour this is saved from.', 'body.buildingId');
    }
    const tour = await this.targets.owningTour(item);
    if (tour === 'gone' || !tour || !tourVisibleTo(tour, viewer)) throw new AppError('NOT_FOUND', ITEM_GONE);
    if (!(await this.targets.favoritesOn(tour))) throw new AppError('FAVORITES_OFF', 'Favourites are not offered in this LiveTour.');
    if (needsContext) {
      // A company is saved from a tour of its own headquarter; a person from any tour they could be met in.
      const company = item.identifier === 'company' ? await this.targets.company(item.identifierId) : undefined;
      if (company && company.headquarterId !== tour.headquarterId) throw new AppError('NOT_FOUND', ITEM_GONE);
      const [target] = await this.targets.resolve(viewer, [{ ...item, buildingId: tour.id }]);
      if (!target) throw new AppError('NOT_FOUND', ITEM_GONE);
    }
    return tour.id;
  }

  private async presentAll(user: SessionUser, rows: readonly FavoriteRow[]): Promise<Favorite[]> {
    const targets = await this.targets.resolve(user, rows.map(requestOf));
    return rows.map((row, i) => present(row, targets[i] ?? null));
  }

  private async presentOne(user: SessionUser, row: FavoriteRow): Promise<Favorite> {
    return (await this.presentAll(user, [row]))[0]!;
  }
}
