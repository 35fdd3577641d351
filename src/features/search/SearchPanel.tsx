import { type KeyboardEvent, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { Dialog } from '../panels/Dialog.tsx';
import '../panels/panels.css';
import type { SearchHit } from './searchDocuments.ts';
import { searchViewModel } from './searchViewModel.ts';
import { useSearchState } from './useSearchState.ts';
import './search.css';

export interface SearchPanelProps {
  tour: Tour;
  /** ?group= of the address: the scope is the group when it has marker finder on. */
  groupId: string | null;
  onChoose: (hit: SearchHit) => void;
  onClose: () => void;
}

/** "Search with results" (spec section 2): markers by name, description or category, in any language. */
export function SearchPanel(props: SearchPanelProps) {
  // The 'search' catalog loads lazily: show nothing until it has arrived rather than suspend the viewer.
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

function Panel({ tour, groupId, onChoose, onClose }: SearchPanelProps) {
  const { t, i18n } = useTranslation('search');
  const state = useSearchState(tour, groupId, i18n.language);
  const { query, setQuery, scope } = state;
  const vm = useMemo(() => searchViewModel(state, t), [state, t]);
  const hits = vm.results.map((r) => r.hit);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;

  // The Dialog focuses itself when it opens (its effect runs after ours): the field takes focus right after.
  useEffect(() => {
    queueMicrotask(() => input.current?.focus());
  }, []);
  // A new answer: no row is picked yet.
  useEffect(() => {
    setActive(-1);
  }, [state.answer]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + hits.length) % hits.length);
    } else if (e.key === 'Enter') {
      const hit = hits[Math.max(active, 0)];
      if (hit) {
        e.preventDefault();
        onChoose(hit);
      }
    }
  };

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  return (
    <Dialog title={vm.title} onClose={onClose} testId="panel-search" className="atrium-search">
      <input
        ref={input}
        type="search"
        className="atrium-search__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-label={vm.inputLabel}
        placeholder={vm.placeholder}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      <div role="status" className="atrium-search__status">
        {vm.status && <p className="atrium-panel__muted" data-testid={vm.status.kind === 'failed' ? 'search-failed' : undefined}>{vm.status.text}</p>}
        {vm.noResults && <p className="atrium-search__empty" data-testid="search-no-results">{vm.noResults}</p>}
      </div>
      <ul id={listId} role="listbox" aria-label={vm.resultsLabel} className="atrium-search__results" data-testid="search-results" data-scope={scope}>
        {vm.results.map((result, i) => (
          <li
            key={result.markerId}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="atrium-search__result"
            data-testid="search-result"
            data-marker-id={result.markerId}
            onMouseMove={() => active !== i && setActive(i)}
            onClick={() => onChoose(result.hit)}
          >
            <span className="atrium-search__name">{result.name}</span>
            <span className="atrium-search__where">
              <span className="atrium-search__kind">{result.kind}</span>
              {result.panoramaName && <span>{result.panoramaName}</span>}
              {result.tourName && <span>{result.tourName}</span>}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
