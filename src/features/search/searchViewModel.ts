// The search panel as data, with its sentences already translated: the DOM dialog and the in-world panel both
// draw this model (the uikit view has no i18n of its own). Pure: no React, no DOM.
import type { TFunction } from 'i18next';
import type { SearchableKind, SearchHit } from './searchDocuments.ts';
import type { SearchStatus } from './useMarkerSearch.ts';

const KIND_LABELS = {
  tag: 'kind.tag', gallery: 'kind.gallery', narration: 'kind.narration', memo: 'kind.memo', popup: 'kind.popup',
  arMakerTag: 'kind.ar-maker-tag', multitag: 'kind.multitag', videoplay: 'kind.videoplay', pdf: 'kind.pdf',
} as const satisfies Record<SearchableKind, string>;

/** Where the search stands: what was typed, what was last searched, and its answer. */
export interface SearchState {
  status: SearchStatus;
  scope: 'tour' | 'group';
  /** The field's text as typed. */
  query: string;
  /** The trimmed text once typing paused: what is searched. */
  settled: string;
  /** The hits of the last query answered (an older query's until the settled one is answered). */
  answer: { query: string; hits: readonly SearchHit[] };
}

export interface SearchResultVM {
  markerId: string;
  name: string;
  /** "Product", "Gallery"... */
  kind: string;
  panoramaName: string;
  /** The tour's name in a group's search, else null. */
  tourName: string | null;
  /** Kind, panorama and tour in one line (the in-world row). */
  where: string;
  hit: SearchHit;
}

export interface SearchVM {
  title: string;
  inputLabel: string;
  placeholder: string;
  resultsLabel: string;
  /** One short line under the field (loading, unavailable, the hint while empty), or null. */
  status: { text: string; kind: 'loading' | 'failed' | 'hint' } | null;
  /** "No results found" once the query was answered with nothing, else null. */
  noResults: string | null;
  results: SearchResultVM[];
}

export function searchViewModel(state: SearchState, t: TFunction<'search'>): SearchVM {
  const { status, scope, query, settled, answer } = state;
  const hits = answer.query === settled ? answer.hits : [];
  const statusLine: SearchVM['status'] =
    status === 'failed' ? { text: t('search.failed'), kind: 'failed' }
    : query.trim() === '' ? { text: scope === 'group' ? t('search.hint-group') : t('search.hint-tour'), kind: 'hint' }
    : status === 'loading' && settled !== '' ? { text: t('search.loading'), kind: 'loading' }
    : null;
  return {
    title: t('search.title'),
    inputLabel: t('search.input-label'),
    placeholder: t('search.placeholder'),
    resultsLabel: t('search.results'),
    status: statusLine,
    noResults: status === 'ready' && settled !== '' && answer.query === settled && hits.length === 0 ? t('search.no-results') : null,
    results: hits.map((hit) => {
      const kind = t(KIND_LABELS[hit.kind]);
      return {
        markerId: hit.markerId,
        name: hit.name,
        kind,
        panoramaName: hit.panoramaName,
        tourName: hit.tourName,
        where: [kind, hit.panoramaName, hit.tourName].filter(Boolean).join(' · '),
        hit,
      };
    }),
  };
}
