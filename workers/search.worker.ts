// Search worker: builds the marker index and answers queries off the main thread, so typing never stutters the
// panorama, however many markers a group holds. The index logic itself is src/features/search/searchIndex.ts.
import * as Comlink from 'comlink';
import { createSearchIndex, type MarkerSearchIndex, type SearchDocument } from '../src/features/search/searchIndex.ts';

let index: MarkerSearchIndex | null = null;

const api = {
  /** Replaces the index; answers how many markers it holds. */
  load(documents: SearchDocument[]): number {
    index = createSearchIndex(documents);
    return index.size;
  },
  search(query: string, limit?: number) {
    return index ? index.search(query, limit) : [];
  },
};

export type SearchWorkerApi = typeof api;

Comlink.expose(api);
