import { describe, expect, it } from 'vitest';
import type { FavoriteTarget } from '../../../protocol/favorites.ts';
import { byCategory, restoreAt, withEntry, withNote, without, type FavouriteEntry } from './favouritesList.ts';
import { favouritesViewModel, type FavouritesLabels } from './favouritesViewModel.ts';

const target = (over: Partial<FavoriteTarget>): FavoriteTarget => ({
  title: 'Sofa', titleMulti: {}, description: '', descriptionMulti: {}, price: null, priceMulti: {}, image: null, kind: null, company: null,
  contact: null, buildingId: 'tour', buildingName: 'Harbour House', buildingNameMulti: {}, panoramaId: 'p1', markerId: null, position: null, ...over,
});
const entry = (identifier: FavouriteEntry['identifier'], id: string, t: FavoriteTarget | null = target({})): FavouriteEntry =>
  ({ identifier, identifierId: id, favoriteId: null, note: '', target: t });

const labels = {
  title: 'Favourites', empty: 'Nothing', gone: 'This item is no longer available', goThere: 'Go', remove: 'Remove', note: 'Note',
  notePlaceholder: '', saveNote: 'Save', noteLimit: 'Limit', undo: 'Undo', removed: '', failed: 'Failed', signInHint: '', signIn: '',
  categories: { marker: 'Markers', panorama: 'Panoramas', card: 'Tours', company: 'Companies', user: 'People', nameCard: 'Name cards' },
} satisfies FavouritesLabels;

describe('the favourites list', () => {
  it('adds once (idempotent), newest first, and keeps a note a second add does not carry', () => {
    let list = withEntry([], entry('marker', 'a'));
    list = withNote(list, { identifier: 'marker', identifierId: 'a' }, 'for the hall');
    list = withEntry(list, entry('panorama', 'b'));
    list = withEntry(list, entry('marker', 'a'));
    expect(list.map((e) => e.identifierId)).toEqual(['b', 'a']);
    expect(list[1]!.note).toBe('for the hall');
  });

  it('puts a removed entry back where it was (undo)', () => {
    const list = [entry('marker', 'a'), entry('marker', 'b'), entry('marker', 'c')];
    const removed = without(list, list[1]!);
    expect(restoreAt(removed, list[1]!, 1).map((e) => e.identifierId)).toEqual(['a', 'b', 'c']);
  });

  it('groups by category in a fixed order and leaves out empty groups', () => {
    const groups = byCategory([entry('panorama', 'p'), entry('company', 'c'), entry('marker', 'm')]);
    expect(groups.map((g) => g.category)).toEqual(['marker', 'panorama', 'company']);
  });
});

describe('favouritesViewModel', () => {
  it('names entries in the visitor language, shows price or tour, and says when an item is gone', () => {
    const vm = favouritesViewModel({
      entries: [
        entry('marker', 'm', target({ title: 'Sofa', titleMulti: { ar: 'أريكة' }, price: '€ 900', markerId: 'm', position: { ath: 10, atv: 2 } })),
        entry('panorama', 'p', target({ title: 'Hall' })),
        entry('marker', 'x', null),
      ],
      owner: null, lastRemoved: { entry: entry('panorama', 'q', target({ title: 'Kitchen' })) }, failed: false,
    }, 'ar', labels);
    expect(vm.anonymous).toBe(true);
    expect(vm.undoName).toBe('Kitchen');
    expect(vm.groups.map((g) => g.label)).toEqual(['Markers', 'Panoramas']);
    const [sofa, gone] = vm.groups[0]!.rows;
    expect(sofa).toMatchObject({ title: 'أريكة', detail: '€ 900', gone: false, go: { buildingId: 'tour', markerId: 'm' } });
    expect(gone).toMatchObject({ title: 'This item is no longer available', gone: true, go: null });
    expect(vm.groups[1]!.rows[0]).toMatchObject({ title: 'Hall', detail: 'Harbour House' });
  });
});
