import type studioMarkersCatalog from '../../../../locales/en/studioMarkers.json';
import type { MarkerKind } from '../../../protocol/studioMarkers.ts';

/** The groups of fields the side form shows for a kind (every kind also has name, description and appearance). */
export type FieldGroup = 'target' | 'arrow' | 'photos' | 'price' | 'action' | 'popup' | 'video' | 'pdf' | 'audio' | 'entries' | 'ar' | 'ordering';

export const KIND_FIELDS: Record<MarkerKind, readonly FieldGroup[]> = {
  point: ['arrow', 'target'],
  teleport: ['target'],
  memo: [],
  tag: ['photos', 'price', 'action', 'ordering'],
  gallery: ['photos'],
  popup: ['popup'],
  arMakerTag: ['ar'],
  pdf: ['pdf'],
  narration: ['audio'],
  multitag: ['entries'],
  sticker: ['photos'],
  search: [],
  videoplay: ['video'],
};

/** The kinds in the order of the toolbar: the everyday ones first. */
export const TOOLBAR_KINDS: readonly MarkerKind[] = [
  'teleport', 'point', 'tag', 'memo', 'gallery', 'popup', 'videoplay', 'pdf', 'narration', 'multitag', 'arMakerTag', 'sticker', 'search',
];

/** camelCase names (kinds, arrows, query switches) as the kebab-case keys of the catalog: hideLTName -> hide-lt-name. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase();
}

export type StudioMarkersKey = keyof typeof studioMarkersCatalog;
/** The catalog key of a kind, arrow, popup type or switch label. */
export const labelKey = (group: 'kind' | 'arrow' | 'popup' | 'switch' | 'error', name: string): StudioMarkersKey => `${group}.${kebab(name)}` as StudioMarkersKey;
