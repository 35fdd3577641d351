import { useEffect, useMemo, useState } from 'react';
import type { Tour } from '../../protocol/tour.ts';
import type { SearchHit } from './searchDocuments.ts';
import type { SearchState } from './searchViewModel.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { useMarkerSearch } from './useMarkerSearch.ts';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel live. */
const DEBOUNCE_MS = 200;

/**
 * A search as the visitor types: the text, and the answer to it once typing paused. Shared by the DOM dialog and
 * the in-world panel. `active` false stops the search worker (an in-world panel that is closed keeps its text).
 */
export function useSearchState(tour: Tour, groupId: string | null, lang: string, active = true): SearchState & { setQuery(query: string): void } {
  const { status, scope, search } = useMarkerSearch(tour, groupId, lang, active);
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<{ query: string; hits: SearchHit[] }>({ query: '', hits: [] });
  const settled = useDebouncedValue(query.trim(), DEBOUNCE_MS);

  useEffect(() => {
    if (status !== 'ready') return;
    let current = true;
    void search(settled).then((hits) => {
      if (current) setAnswer({ query: settled, hits }); // else: an answer to a query the visitor has since changed
    });
    return () => {
      current = false;
    };
  }, [settled, status, search]);

  return useMemo(() => ({ status, scope, query, settled, answer, setQuery }), [status, scope, query, settled, answer]);
}
