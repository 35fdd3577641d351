// What the search covers (spec section 9): the searchable kinds only, with the text of every language, and what a
// result shows in the visitor's language. UI-free, so tests run it in Node.
import { SEARCHABLE_MARKER_TYPES } from '../../protocol/constants.ts';
import type { Marker } from '../../protocol/tour.ts';
import { parseMulti, pickLanguage } from '../../protocol/multilingual.ts';
import type { SearchDocument } from './searchIndex.ts';

const SEARCHABLE: readonly string[] = SEARCHABLE_MARKER_TYPES;
export type SearchableKind = (typeof SEARCHABLE_MARKER_TYPES)[number];

export function isSearchable(marker: Pick<Marker, 'type'>): boolean {
  return SEARCHABLE.includes(marker.type);
}

/** Descriptions may be HTML: the index wants the words, not the tags or entities. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'");
}

/** The plain field and every translation, each once. */
function allLanguages(plain: string | null | undefined, multi: string | null | undefined): string {
  const texts = new Set([plain ?? '', ...Object.values(parseMulti(multi))].map((t) => t.trim()).filter(Boolean));
  return [...texts].join('\n');
}

export function searchDocument(marker: Marker): SearchDocument {
  return {
    id: marker.objectId,
    name: allLanguages(marker.name, marker.nameMulti),
    description: plainText(allLanguages(marker.description, marker.descriptionMulti)),
    category: allLanguages((marker.category ?? []).join('\n'), marker.categoryMulti),
    details: (marker.multitagInfo ?? []).filter((e) => e && !e.hidden).map((e) => e.name).join('\n'),
  };
}

/** A result as the panel lists it, in the visitor's language, with where the marker is. */
export interface SearchHit {
  markerId: string;
  name: string;
  kind: SearchableKind;
  tourId: string;
  panoramaId: string;
  panoramaName: string;
  /** Set in group scope only, where results may come from several tours. */
  tourName: string | null;
  position: { ath: number; atv: number };
}

/** A tour as the scope needs it: its name and its panoramas' names (null when the tour could not be read). */
export interface ScopeTour {
  objectId: string;
  name: string;
  panoramas: ReadonlyArray<{ objectId: string; name: string }> | null;
}

export interface SearchCorpus {
  scope: 'tour' | 'group';
  documents: SearchDocument[];
  hits: Map<string, SearchHit>;
}

/**
 * The corpus of a scope. A marker whose tour or panorama is not among the given ones (a closed tour, a panorama
 * since removed) is left out: choosing it would lead nowhere.
 */
export function buildCorpus(scope: 'tour' | 'group', markers: readonly Marker[], tours: readonly ScopeTour[], lang: string): SearchCorpus {
  const toursById = new Map(tours.map((t) => [t.objectId, t]));
  const documents: SearchDocument[] = [];
  const hits = new Map<string, SearchHit>();
  for (const marker of markers) {
    if (!isSearchable(marker) || hits.has(marker.objectId)) continue;
    const tour = toursById.get(marker.buildingId);
    const panorama = tour?.panoramas?.find((p) => p.objectId === marker.panoramaId);
    if (!tour || (tour.panoramas && !panorama)) continue;
    documents.push(searchDocument(marker));
    hits.set(marker.objectId, {
      markerId: marker.objectId,
      name: pickLanguage(marker.nameMulti, marker.name, lang).trim() || (marker.name ?? ''),
      kind: marker.type as SearchableKind,
      tourId: tour.objectId,
      panoramaId: marker.panoramaId,
      panoramaName: panorama?.name ?? '',
      tourName: scope === 'group' ? tour.name : null,
      position: { ath: marker.position.ath, atv: marker.position.atv },
    });
  }
  return { scope, documents, hits };
}
