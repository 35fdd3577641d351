// The short label a marker carries in the scene: its name in the visitor's language, wrapped at the spec's line
// wrap length (section 9). Shared by the scene (its labels) and the marker panels; kept apart from markerViewModel so
// the scene (main chunk) does not pull in the sanitiser and video helpers of the lazy panels.
import { LINE_WRAP_LENGTH } from './constants.ts';
import type { Marker } from './tour.ts';
import { pickLanguage } from './multilingual.ts';
import { wrapLine } from './wrapLine.ts';

/** Marker labels wrap at this many characters (spec section 9: "Line wrap length default 15"). */
export const LABEL_WRAP = LINE_WRAP_LENGTH;

/** The marker's name for the visitor: their language, its base, English, then the plain name. */
export function markerTitle(marker: Pick<Marker, 'name' | 'nameMulti'>, lang: string): string {
  return pickLanguage(marker.nameMulti, marker.name, lang).trim();
}

/** The title cut into label lines of at most LABEL_WRAP characters; [] for a marker without a name. */
export function markerLabelLines(marker: Pick<Marker, 'name' | 'nameMulti'>, lang: string): string[] {
  return wrapLine(markerTitle(marker, lang), LABEL_WRAP);
}
