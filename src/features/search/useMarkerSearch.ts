import { useCallback, useEffect, useRef, useState } from 'react';
import * as Comlink from 'comlink';
import type { Tour } from '../../protocol/tour.ts';
import type { SearchWorkerApi } from '../../../workers/search.worker.ts';
import type { SearchCorpus, SearchHit } from './searchDocuments.ts';
import { loadSearchCorpus } from './searchScope.ts';

export type SearchStatus = 'loading' | 'ready' | 'failed';

// The corpus outlives the panel: closing and reopening search must not fetch a group's markers again.
const corpora = new Map<string, Promise<SearchCorpus>>();
function corpusFor(tour: Tour, groupId: string | null, lang: string): Promise<SearchCorpus> {
  const key = JSON.stringify([tour.objectId, groupId, lang]);
  let corpus = corpora.get(key);
  if (!corpus) {
    corpus = loadSearchCorpus(tour, groupId, lang);
    corpus.catch(() => corpora.delete(key)); // a failed load is tried again next time
    corpora.set(key, corpus);
  }
  return corpus;
}

interface Engine {
  remote: Comlink.Remote<SearchWorkerApi>;
  corpus: SearchCorpus;
}

/**
 * The marker search of the viewer: the index lives in a worker started when the panel opens (or `active` turns
 * true) and stopped when it closes. `search` answers the hits of a query, best first, in the visitor's language.
 */
export function useMarkerSearch(tour: Tour, groupId: string | null, lang: string, active = true) {
  const [status, setStatus] = useState<SearchStatus>('loading');
  const [scope, setScope] = useState<SearchCorpus['scope']>('tour');
  const engine = useRef<Engine | null>(null);

  useEffect(() => {
    if (!active) return undefined;
    let live = true;
    setStatus('loading');
    // Vite bundles the worker only when `new Worker(new URL(...))` is written inline like this.
    const worker = new Worker(new URL('../../../workers/search.worker.ts', import.meta.url), { type: 'module' });
    const remote = Comlink.wrap<SearchWorkerApi>(worker);
    void (async () => {
      try {
        const corpus = await corpusFor(tour, groupId, lang);
        await remote.load(corpus.documents);
        if (!live) return;
        engine.current = { remote, corpus };
        setScope(corpus.scope);
        setStatus('ready');
      } catch (error) {
        if (!live) return;
        console.warn('Search is unavailable', error);
        setStatus('failed');
      }
    })();
    return () => {
      live = false;
      engine.current = null;
      remote[Comlink.releaseProxy]();
      worker.terminate();
    };
  }, [tour, groupId, lang, active]);

  const search = useCallback(async (query: string): Promise<SearchHit[]> => {
    const current = engine.current;
    if (!current || query.trim() === '') return [];
    const matches = await current.remote.search(query);
    return matches.map((m) => current.corpus.hits.get(m.id)).filter((hit): hit is SearchHit => hit !== undefined);
  }, []);

  return { status, scope, search };
}
