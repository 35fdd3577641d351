// What the hearts and the dialog do: add, remove (with undo), notes, and the switch between an anonymous visitor's
// picks (kept in the browser) and an account's list (on the server), merging the first into the second at sign-in.
import {
  addFavoriteCall, favoriteNoteCall, favoritesCall, favoritesSettingsCall, mergeFavoritesCall, removeFavoriteCall, resolveFavoritesCall,
} from '../../../api/favorites.ts';
import { noteTooLong, type FavoriteKey } from '../../../protocol/favorites.ts';
import { subscribeKey } from '../../../state/store.ts';
import { sessionState } from '../../account/session.ts';
import { fromServer, has, restoreAt, sameKey, toLocal, withEntry, withNote, without, type FavouriteEntry } from './favouritesList.ts';
import { favouritesState as state } from './favouritesStore.ts';
import { readLocal, writeLocal } from './localFavourites.ts';

export type FavouriteItem = FavoriteKey & { buildingId?: string };

let stopSession: (() => void) | null = null;

/** Starts favourites for a tour: asks whether it offers them, then loads the visitor's list; follows sign-in and out. */
export async function startFavourites(tourId: string): Promise<void> {
  state.tourId = tourId;
  try {
    const settings = await favoritesSettingsCall(tourId);
    if (state.tourId !== tourId) return;
    state.enabled = settings.enabled;
    state.noteLimit = settings.noteLimit;
  } catch {
    state.enabled = false;
  }
  stopSession ??= subscribeKey(sessionState, 'user', () => void loadList());
  await loadList();
}

export function stopFavourites(): void {
  stopSession?.();
  stopSession = null;
  state.tourId = null;
  state.enabled = false;
  state.dialog.visible = false;
}

async function loadList(): Promise<void> {
  const user = sessionState.user;
  state.failed = false;
  state.lastRemoved = null;
  if (!user) {
    state.owner = null;
    state.entries = readLocal().map((l) => ({ ...l, favoriteId: null, target: null }));
    state.inited = true;
    await resolveTargets();
    return;
  }
  const local = readLocal();
  try {
    // What the visitor picked before signing in joins the account (section 7's note: kept and added after).
    const answer = local.length > 0 ? await mergeFavoritesCall(local) : await favoritesCall();
    if (local.length > 0) writeLocal([]);
    if (sessionState.user?.id !== user.id) return;
    state.owner = user.id;
    state.entries = answer.favorites.map(fromServer);
    state.noteLimit = answer.noteLimit;
  } catch {
    state.failed = true;
  }
  state.inited = true;
}

/** The anonymous list shows the same thumbnails and names as an account's: the server resolves the keys. */
async function resolveTargets(): Promise<void> {
  const missing = state.entries.filter((e) => !e.target);
  if (missing.length === 0) return;
  try {
    const { targets } = await resolveFavoritesCall(missing.map((e) => ({ identifier: e.identifier, identifierId: e.identifierId, ...(e.buildingId ? { buildingId: e.buildingId } : {}) })));
    missing.forEach((m, i) => {
      const entry = state.entries.find((e) => sameKey(e, m));
      if (entry) entry.target = targets[i] ?? null;
    });
  } catch {
    /* names stay unknown; the keys are kept */
  }
}

const keepLocal = (): void => {
  if (state.owner === null) writeLocal(state.entries.map(toLocal));
};

export const isFavourite = (key: FavoriteKey): boolean => has(state.entries, key);

/** The heart: adds what is not there, removes what is. */
export function toggleFavourite(item: FavouriteItem): Promise<void> {
  return isFavourite(item) ? removeFavourite(item) : addFavourite(item);
}

export async function addFavourite(item: FavouriteItem, note = '', at?: number): Promise<void> {
  const entry: FavouriteEntry = { identifier: item.identifier, identifierId: item.identifierId, favoriteId: null, note, target: null, ...(item.buildingId ? { buildingId: item.buildingId } : {}) };
  const before = state.entries;
  state.entries = at === undefined ? withEntry(before, entry) : restoreAt(before, entry, at);
  state.failed = false;
  if (state.owner === null) {
    keepLocal();
    await resolveTargets();
    return;
  }
  try {
    const saved = fromServer(await addFavoriteCall({ identifier: item.identifier, identifierId: item.identifierId, ...(item.buildingId ? { buildingId: item.buildingId } : {}), ...(note ? { note } : {}) }));
    state.entries = state.entries.map((e) => (sameKey(e, saved) ? saved : e));
  } catch {
    state.entries = without(state.entries, item);
    state.failed = true;
  }
}

export async function removeFavourite(key: FavoriteKey): Promise<void> {
  const index = state.entries.findIndex((e) => sameKey(e, key));
  if (index < 0) return;
  const entry = state.entries[index]!;
  state.entries = without(state.entries, key);
  state.lastRemoved = { entry: { ...entry }, index };
  state.failed = false;
  if (state.owner === null) return keepLocal();
  try {
    await removeFavoriteCall(key);
  } catch {
    state.entries = restoreAt(state.entries, entry, index);
    state.lastRemoved = null;
    state.failed = true;
  }
}

/** Puts the last removed favourite back where it was, with its note. */
export async function undoRemove(): Promise<void> {
  const last = state.lastRemoved;
  if (!last) return;
  state.lastRemoved = null;
  await addFavourite(last.entry, last.entry.note, last.index);
}

export type NoteResult = 'saved' | 'too-long' | 'failed';

/** Section 5: a note longer than the limit is refused with its message, before anything is sent. */
export async function saveNote(key: FavoriteKey, note: string): Promise<NoteResult> {
  if (noteTooLong(note)) return 'too-long';
  const entry = state.entries.find((e) => sameKey(e, key));
  if (!entry) return 'failed';
  const previous = entry.note;
  state.entries = withNote(state.entries, key, note.trim());
  if (state.owner === null) {
    keepLocal();
    return 'saved';
  }
  try {
    if (!entry.favoriteId) throw new Error('not stored yet');
    await favoriteNoteCall(entry.favoriteId, note.trim());
    return 'saved';
  } catch {
    state.entries = withNote(state.entries, key, previous);
    return 'failed';
  }
}
