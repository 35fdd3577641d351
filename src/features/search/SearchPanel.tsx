import { type KeyboardEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tour } from '../../protocol/tour.ts';
import { Dialog } from '../panels/Dialog.tsx';
import '../panels/panels.css';
import type { SearchableKind, SearchHit } from './searchDocuments.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { useMarkerSearch } from './useMarkerSearch.ts';
import './search.css';

const KIND_LABELS = {
  tag: 'kind.tag', gallery: 'kind.gallery', narration: 'kind.narration', memo: 'kind.memo', popup: 'kind.popup',
  arMakerTag: 'kind.ar-maker-tag', multitag: 'kind.multitag', videoplay: 'kind.videoplay', pdf: 'kind.pdf',
} as const satisfies Record<SearchableKind, string>;

/** Long enough to skip the keystrokes of a word being typed, short enough to feel live. */
const DEBOUNCE_MS = 200;

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

interface Answer {
  query: string;
  hits: SearchHit[];
}

function Panel({ tour, groupId, onChoose, onClose }: SearchPanelProps) {
  const { t, i18n } = useTranslation('search');
  const { status, scope, search } = useMarkerSearch(tour, groupId, i18n.language);
  const [query, setQuery] = useState('');
  const [answer, setAnswer] = useState<Answer>({ query: '', hits: [] });
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;

  // The Dialog focuses itself when it opens (its effect runs after ours): the field takes focus right after.
  useEffect(() => {
    queueMicrotask(() => input.current?.focus());
  }, []);

  useEffect(() => {
    if (status !== 'ready') return;
    let current = true;
    void search(settled).then((hits) => {
      if (!current) return; // an answer to a query the visitor has since changed
      setAnswer({ query: settled, hits });
      setActive(-1);
    });
    return () => {
      current = false;
    };
  }, [settled, status, search]);

  const hits = answer.query === settled ? answer.hits : [];
  const noResults = status === 'ready' && settled !== '' && answer.query === settled && hits.length === 0;

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
    <Dialog title={t('search.title')} onClose={onClose} testId="panel-search" className="atrium-search">
      <input
        ref={input}
        type="search"
        className="atrium-search__input"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? optionId(active) : undefined}
        aria-label={t('search.input-label')}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="search-input"
      />
      <div role="status" className="atrium-search__status">
        {status === 'loading' && settled !== '' && <p className="atrium-panel__muted">{t('search.loading')}</p>}
        {status === 'failed' && <p className="atrium-panel__muted" data-testid="search-failed">{t('search.failed')}</p>}
        {status !== 'failed' && query.trim() === '' && (
          <p className="atrium-panel__muted">{scope === 'group' ? t('search.hint-group') : t('search.hint-tour')}</p>
        )}
        {noResults && <p className="atrium-search__empty" data-testid="search-no-results">{t('search.no-results')}</p>}
      </div>
      <ul id={listId} role="listbox" aria-label={t('search.results')} className="atrium-search__results" data-testid="search-results" data-scope={scope}>
        {hits.map((hit, i) => (
          <li
            key={hit.markerId}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="atrium-search__result"
            data-testid="search-result"
            data-marker-id={hit.markerId}
            onMouseMove={() => active !== i && setActive(i)}
            onClick={() => onChoose(hit)}
          >
            <span className="atrium-search__name">{hit.name}</span>
            <span className="atrium-search__where">
              <span className="atrium-search__kind">{t(KIND_LABELS[hit.kind])}</span>
              {hit.panoramaName && <span>{hit.panoramaName}</span>}
              {hit.tourName && <span>{hit.tourName}</span>}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
