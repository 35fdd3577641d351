import { describe, expect, it } from 'vitest';
import type { FavoriteTarget } from '../../../protocol/favorites.ts';
import type { FavouriteEntry } from './favouritesList.ts';
import { favouritesViewModel, type FavouritesLabels } from './favouritesViewModel.ts';
import { XR_FAVOURITE_ROWS, xrFavouritesPage } from './xrFavouritesModel.ts';

const target = (title: string, over: Partial<FavoriteTarget> = {}): FavoriteTarget => ({
  title, titleMulti: {}, description: '', descriptionMulti: {}, price: null, priceMulti: {}, image: null, kind: null, company: null,
  contact: null, buildingId: 'tour', buildingName: 'Harbour House', buildingNameMulti: {}, panoramaId: 'p1', markerId: null, position: null, ...over,
});
const entry = (identifier: FavouriteEntry['identifier'], id: string, t: FavoriteTarget | null, note = ''): FavouriteEntry =>
  ({ identifier, identifierId: id, favoriteId: null, note, target: t });
const labels = {
  title: 'Favourites', empty: 'Nothing yet', gone: 'No longer available', goThere: 'Go there', remove: 'Remove', note: 'Note',
  notePlaceholder: '', saveNote: 'Save', noteLimit: 'Limit', undo: 'Undo', removed: '', failed: 'Failed', signInHint: '', signIn: '',
  categories: { marker: 'Products', panorama: 'Panoramas', card: 'Tours', company: 'Companies', user: 'People', nameCard: 'Name cards' },
} satisfies FavouritesLabels;
const paging = { page: (p: number, n: number) => `${p}/${n}`, previous: 'Previous', next: 'Next' };
const removed = (name: string) => `${name} removed`;

describe('the in-world favourites panel model', () => {
  it('lists every favourite under its category with its note, and says when there are none', () => {
    const vm = favouritesViewModel({ entries: [entry('marker', 'm', target('Sofa', { price: '1200 €' }), ' for the hall '), entry('panorama', 'p', target('Garden')), entry('marker', 'x', null)], owner: 'u', lastRemoved: null, failed: false }, 'en', labels);
    const page = xrFavouritesPage(vm, 0, paging, removed);
    expect(page.rows).toEqual([
      { key: 'marker:m', title: 'Sofa', line: 'Products · 1200 €', note: 'for the hall', canGo: true },
      { key: 'marker:x', title: 'No longer available', line: 'Products', note: null, canGo: false },
      { key: 'panorama:p', title: 'Garden', line: 'Panoramas · Harbour House', note: null, canGo: true },
    ]);
    expect(page.empty).toBeNull();
    expect(xrFavouritesPage(favouritesViewModel({ entries: [], owner: null, lastRemoved: null, failed: false }, 'en', labels), 0, paging, removed).empty).toBe('Nothing yet');
  });

  it('pages the list and offers to put back the last one removed', () => {
    const entries = Array.from({ length: XR_FAVOURITE_ROWS + 2 }, (_, i) => entry('marker', `m${i}`, target(`Item ${i}`)));
    const vm = favouritesViewModel({ entries, owner: 'u', lastRemoved: { entry: entry('marker', 'gone', target('Lamp')) }, failed: false }, 'en', labels);
    const second = xrFavouritesPage(vm, 5, paging, removed);
    expect(second).toMatchObject({ page: 1, pages: 2, pageLabel: '2/2', undo: { text: 'Lamp removed', label: 'Undo' } });
    expect(second.rows).toHaveLength(2);
  });
});
