// The favourites list as pure data: the client state of section 3 (entries per category, keyed by id) kept as one
// ordered list, newest first. Pure so the store, the dialog, the in-world panel and the tests share the same rules.
import type { Favorite, FavoriteCategory, FavoriteKey, FavoriteTarget, LocalFavorite } from '../../../protocol/favorites.ts';

export interface FavouriteEntry extends FavoriteKey {
  /** The server's id once the favourite is stored on an account; null for an anonymous visitor's pick. */
  favoriteId: string | null;
  note: string;
  /** The tour the item was saved from (people and companies need it; the rest carry it for "go there"). */
  buildingId?: string;
  /** What it shows; null while unknown or once the item is gone. */
  target: FavoriteTarget | null;
}

export const sameKey = (a: FavoriteKey, b: FavoriteKey): boolean => a.identifier === b.identifier && a.identifierId === b.identifierId;

export const keyOf = (k: FavoriteKey): string => `${k.identifier}:${k.identifierId}`;

export function has(list: readonly FavouriteEntry[], key: FavoriteKey): boolean {
  return list.some((e) => sameKey(e, key));
}

/** Adding what is there changes nothing (section 7's idempotent add); new entries go first. */
export function withEntry(list: readonly FavouriteEntry[], entry: FavouriteEntry): FavouriteEntry[] {
  return has(list, entry) ? list.map((e) => (sameKey(e, entry) ? { ...e, ...entry, note: entry.note || e.note } : e)) : [entry, ...list];
}

/** Puts an entry back where it was (undo after a removal). */
export function restoreAt(list: readonly FavouriteEntry[], entry: FavouriteEntry, index: number): FavouriteEntry[] {
  if (has(list, entry)) return [...list];
  const next = [...list];
  next.splice(Math.min(Math.max(index, 0), next.length), 0, entry);
  return next;
}

export function without(list: readonly FavouriteEntry[], key: FavoriteKey): FavouriteEntry[] {
  return list.filter((e) => !sameKey(e, key));
}

export function withNote(list: readonly FavouriteEntry[], key: FavoriteKey, note: string): FavouriteEntry[] {
  return list.map((e) => (sameKey(e, key) ? { ...e, note } : e));
}

export const fromServer = (f: Favorite): FavouriteEntry => ({
  identifier: f.identifier, identifierId: f.identifierId, favoriteId: f.favoriteId, note: f.note, target: f.target,
  ...(f.target?.buildingId ? { buildingId: f.target.buildingId } : {}),
});

/** What the browser keeps (and sends to merge): keys, tour and note, never the server's copy of the item. */
export const toLocal = (e: FavouriteEntry): LocalFavorite => ({
  identifier: e.identifier, identifierId: e.identifierId, note: e.note, ...(e.buildingId ? { buildingId: e.buildingId } : {}),
});

/** Section 3's categories in the order the dialog lists them. */
export const CATEGORY_ORDER: readonly FavoriteCategory[] = ['marker', 'panorama', 'card', 'company', 'user', 'nameCard'];

export function byCategory(list: readonly FavouriteEntry[]): { category: FavoriteCategory; entries: FavouriteEntry[] }[] {
  return CATEGORY_ORDER
    .map((category) => ({ category, entries: list.filter((e) => e.identifier === category) }))
    .filter((g) => g.entries.length > 0);
}
