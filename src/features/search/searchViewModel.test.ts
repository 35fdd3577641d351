import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from './searchDocuments.ts';
import { searchViewModel, type SearchState } from './searchViewModel.ts';

const t = ((key: string) => key) as unknown as TFunction<'search'>;

const hit = (id: string, extra: Partial<SearchHit> = {}): SearchHit => ({
  markerId: id, name: `Marker ${id}`, kind: 'tag', tourId: 't1', panoramaId: 'p1', panoramaName: 'Kitchen', tourName: null, position: { ath: 1, atv: 2 }, ...extra,
});
const state = (extra: Partial<SearchState> = {}): SearchState => ({
  status: 'ready', scope: 'tour', query: '', settled: '', answer: { query: '', hits: [] }, ...extra,
});

describe('the search view model (DOM and in-world)', () => {
  it('gives the hint of its scope while the field is empty', () => {
    expect(searchViewModel(state(), t).status).toEqual({ text: 'search.hint-tour', kind: 'hint' });
    expect(searchViewModel(state({ scope: 'group' }), t).status).toEqual({ text: 'search.hint-group', kind: 'hint' });
    expect(searchViewModel(state(), t).noResults).toBeNull();
  });

  it('says it is loading the markers, or that search is unavailable', () => {
    expect(searchViewModel(state({ status: 'loading', query: 'lamp', settled: 'lamp' }), t).status).toEqual({ text: 'search.loading', kind: 'loading' });
    expect(searchViewModel(state({ status: 'failed', query: 'lamp', settled: 'lamp' }), t).status).toEqual({ text: 'search.failed', kind: 'failed' });
    expect(searchViewModel(state({ status: 'failed' }), t).status?.kind).toBe('failed');
  });

  it('lists the answer to the settled query with kind, panorama and tour, and the hit to open', () => {
    const lamp = hit('m1', { tourName: 'Harbour House', kind: 'gallery' });
    const vm = searchViewModel(state({ query: 'lamp', settled: 'lamp', answer: { query: 'lamp', hits: [lamp, hit('m2')] } }), t);
    expect(vm.status).toBeNull();
    expect(vm.results.map((r) => r.markerId)).toEqual(['m1', 'm2']);
    expect(vm.results[0]).toMatchObject({ name: 'Marker m1', kind: 'kind.gallery', panoramaName: 'Kitchen', tourName: 'Harbour House', where: 'kind.gallery · Kitchen · Harbour House' });
    expect(vm.results[0]!.hit).toBe(lamp);
    expect(vm.results[1]!.where).toBe('kind.tag · Kitchen');
  });

  it('shows no stale results while a changed query waits for its answer, and "no results" only once answered', () => {
    const waiting = searchViewModel(state({ query: 'lampe', settled: 'lampe', answer: { query: 'lamp', hits: [hit('m1')] } }), t);
    expect(waiting.results).toEqual([]);
    expect(waiting.noResults).toBeNull();
    expect(searchViewModel(state({ query: 'zzz', settled: 'zzz', answer: { query: 'zzz', hits: [] } }), t).noResults).toBe('search.no-results');
  });
});
