// The favourites in the headset, as data: the same FavouritesViewModel as the flat dialog, flattened into pages a
// wearer reads at once (notes are shown, edited on a flat screen: typing in VR is slow).
import type { FavouritesViewModel } from './favouritesViewModel.ts';

/** Favourites per page: four rows of about 120 mm keep the panel within a comfortable glance. */
export const XR_FAVOURITE_ROWS = 4;

export interface XRFavouriteRow {
  key: string;
  /** "Category · detail", e.g. "Products · 1 200 €". */
  line: string;
  title: string;
  note: string | null;
  canGo: boolean;
}

export interface PagingTexts {
  page: (page: number, count: number) => string;
  previous: string;
  next: string;
}

export interface XRFavouritesData {
  empty: string | null;
  rows: XRFavouriteRow[];
  goThere: string;
  remove: string;
  /** "Sofa removed" and its Undo, while the last removal can be put back. */
  undo: { text: string; label: string } | null;
  page: number;
  pages: number;
  pageLabel: string;
  previous: string;
  next: string;
}

export function xrFavouritesPage(vm: FavouritesViewModel, page: number, paging: PagingTexts, removedText: (name: string) => string): XRFavouritesData {
  const all = vm.groups.flatMap((g) => g.rows.map((row) => ({
    key: row.key,
    title: row.title,
    line: [g.label, row.detail].filter(Boolean).join(' · '),
    note: row.note.trim() || null,
    canGo: row.go !== null && !row.gone,
  })));
  const pages = Math.max(1, Math.ceil(all.length / XR_FAVOURITE_ROWS));
  const current = Math.min(Math.max(0, page), pages - 1);
  return {
    empty: all.length === 0 ? vm.labels.empty : null,
    rows: all.slice(current * XR_FAVOURITE_ROWS, (current + 1) * XR_FAVOURITE_ROWS),
    goThere: vm.labels.goThere,
    remove: vm.labels.remove,
    undo: vm.undoName !== null ? { text: removedText(vm.undoName), label: vm.labels.undo } : null,
    page: current,
    pages,
    pageLabel: paging.page(current + 1, pages),
    previous: paging.previous,
    next: paging.next,
  };
}
