// What the favourites dialog and its in-world twin show, free of React: groups by category, each entry's name,
// picture, a short line, the note and where "go there" leads, with every label already in the visitor's language.
import type { FavoriteCategory, FavoriteKey } from '../../../protocol/favorites.ts';
import { localText } from '../../panels/localText.ts';
import { byCategory, keyOf, type FavouriteEntry } from './favouritesList.ts';

export interface FavouritesLabels {
  title: string;
  empty: string;
  categories: Record<FavoriteCategory, string>;
  gone: string;
  goThere: string;
  remove: string;
  note: string;
  notePlaceholder: string;
  saveNote: string;
  noteLimit: string;
  undo: string;
  removed: string;
  failed: string;
  signInHint: string;
  signIn: string;
}

export interface FavouriteRow {
  /** Stable key (category:id): React keys and test handles. */
  key: string;
  item: FavoriteKey;
  title: string;
  /** Price, else the tour it belongs to: a short line under the name. */
  detail: string | null;
  image: string | null;
  note: string;
  /** The item is no longer there (removed, or its tour closed to this visitor). */
  gone: boolean;
  /** Where "go there" leads, when it leads somewhere. */
  go: { buildingId: string; panoramaId: string | null; markerId: string | null; position: { ath: number; atv: number } | null } | null;
}

export interface FavouritesViewModel {
  labels: FavouritesLabels;
  groups: { category: FavoriteCategory; label: string; rows: FavouriteRow[] }[];
  count: number;
  /** An anonymous visitor's picks: the dialog asks them to sign in to keep them. */
  anonymous: boolean;
  /** The name of the last removed favourite, while it can be put back. */
  undoName: string | null;
  failed: boolean;
}

export function favouriteRow(entry: FavouriteEntry, lang: string, labels: Pick<FavouritesLabels, 'gone'>): FavouriteRow {
  const t = entry.target;
  const title = t ? localText(t.titleMulti, lang, t.title) : labels.gone;
  const price = t ? localText(t.priceMulti, lang, t.price ?? '') : '';
  const tourName = t ? localText(t.buildingNameMulti, lang, t.buildingName ?? '') : '';
  return {
    key: keyOf(entry),
    item: { identifier: entry.identifier, identifierId: entry.identifierId },
    title,
    detail: price || (tourName && tourName !== title ? tourName : null),
    image: t?.image ?? null,
    note: entry.note,
    gone: !t,
    go: t?.buildingId ? { buildingId: t.buildingId, panoramaId: t.panoramaId, markerId: t.markerId, position: t.position } : null,
  };
}

interface Input {
  entries: readonly FavouriteEntry[];
  owner: string | null;
  lastRemoved: { entry: FavouriteEntry } | null;
  failed: boolean;
}

export function favouritesViewModel(input: Input, lang: string, labels: FavouritesLabels): FavouritesViewModel {
  const last = input.lastRemoved?.entry;
  return {
    labels,
    groups: byCategory(input.entries).map((g) => ({ category: g.category, label: labels.categories[g.category], rows: g.entries.map((e) => favouriteRow(e, lang, labels)) })),
    count: input.entries.length,
    anonymous: input.owner === null,
    undoName: last ? favouriteRow(last, lang, labels).title : null,
    failed: input.failed,
  };
}
