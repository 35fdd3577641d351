// Section 3's client state for favourites: the data, an inited flag and dialog.visible. One store for the page: the
// hearts (marker panel, panorama list), the dialog and the in-world panel all read it.
import { FAVORITE_NOTE_MAX } from '../../../protocol/constants.ts';
import { proxy, useSnapshot } from '../../../state/store.ts';
import type { FavouriteEntry } from './favouritesList.ts';

export interface FavouritesState {
  /** The tour the viewer shows; hearts of another tour's items still work (the server checks each). */
  tourId: string | null;
  /** The tour or one of its groups has myFavoriteEnable (asked of the server, which is the gate). */
  enabled: boolean;
  noteLimit: number;
  inited: boolean;
  /** Whose list this is: an account's id, or null for an anonymous visitor's picks. */
  owner: string | null;
  entries: FavouriteEntry[];
  dialog: { visible: boolean };
  /** The last removal, so the dialog can offer to undo it. */
  lastRemoved: { entry: FavouriteEntry; index: number } | null;
  /** A save the server refused or could not hear; the dialog says so. */
  failed: boolean;
}

export const favouritesState = proxy<FavouritesState>({
  tourId: null, enabled: false, noteLimit: FAVORITE_NOTE_MAX, inited: false, owner: null, entries: [],
  dialog: { visible: false }, lastRemoved: null, failed: false,
});

export const useFavourites = (): Readonly<FavouritesState> => useSnapshot(favouritesState) as Readonly<FavouritesState>;

/** The dialog is shown or hidden (section 4): an explicit value, or a flip. */
export function showFavourites(visible?: boolean): void {
  favouritesState.dialog.visible = visible ?? !favouritesState.dialog.visible;
}
