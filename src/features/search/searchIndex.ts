// The marker index: pure MiniSearch, no DOM and no worker, so tests run it in Node and the search worker wraps it.
import MiniSearch, { type SearchOptions } from 'minisearch';
import { isDense, normalizeTerm, tokenizeForIndex, tokenizeQuery } from './searchText.ts';

/** One marker as the index sees it: every language's text of each field, joined. */
export interface SearchDocument {
  id: string;
  name: string;
  description: string;
  category: string;
  /** Secondary text: the names of a multitag's items. */
  details: string;
}

export interface SearchMatch {
  id: string;
  score: number;
}

export const DEFAULT_RESULT_LIMIT = 50;

const FIELDS = ['name', 'description', 'category', 'details'] as const;

// A name hit matters more than a word deep in a description.
const BOOST = { name: 4, category: 2, details: 1.5, description: 1 };

/**
 * Typos: one edit from 4 letters, two from 7 (a swapped pair of letters, 'harbuor', is two edits). Off below 4
 * letters, where one edit already reaches most short words, and for CJK/Thai bigrams, where one edit is another word.
 */
function fuzziness(term: string): number | false {
  if (isDense(term)) return false;
  if (term.length >= 7) return 2;
  return term.length >= 4 ? 1 : false;
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  // Every query word must match (as a prefix or within typo distance): more words narrow the list.
  combineWith: 'AND',
  prefix: true,
  fuzzy: (term) => fuzziness(term),
  // An exact word should win over a word it is a prefix of, and both over a typo.
  weights: { prefix: 0.6, fuzzy: 0.35 },
  tokenize: tokenizeQuery,
};

export interface MarkerSearchIndex {
  search(query: string, limit?: number): SearchMatch[];
  readonly size: number;
}

export function createSearchIndex(documents: readonly SearchDocument[]): MarkerSearchIndex {
  const index = new MiniSearch<SearchDocument>({
    fields: [...FIELDS],
    idField: 'id',
    tokenize: tokenizeForIndex,
    processTerm: (term) => normalizeTerm(term) || null,
    searchOptions: SEARCH_OPTIONS,
  });
  // Ids are unique per marker; a duplicate (the same marker listed twice by a group) is indexed once.
  const seen = new Set<string>();
  index.addAll(documents.filter((d) => !seen.has(d.id) && seen.add(d.id)));
  return {
    size: index.documentCount,
    search(query, limit = DEFAULT_RESULT_LIMIT) {
      if (query.trim() === '') return [];
      return index.search(query).slice(0, limit).map((r) => ({ id: String(r.id), score: r.score }));
    },
  };
}
