// The panorama list as data, for the flat panobar (src/overlay/PanoramaList.tsx) and the in-world list: names, room
// labels and which one the visitor is in, translated once here (the uikit view has no i18n of its own).
import type { Panorama } from '../../protocol/tour.ts';

export interface PanoramaEntry {
  index: number;
  objectId: string;
  name: string;
  room: string;
  thumbnail: string | null;
  current: boolean;
}

/** A room label: the owner's own category name, or the translated standard one. */
export type RoomLabel = (panorama: Pick<Panorama, 'category' | 'customCategory'>) => string;

export function panoramaEntries(panoramas: readonly Panorama[], current: number, room: RoomLabel): PanoramaEntry[] {
  return panoramas.map((p, index) => ({ index, objectId: p.objectId, name: p.name, room: room(p), thumbnail: p.thumbnail ?? null, current: index === current }));
}

/** Entries per page in the headset: five rows of about 90 mm keep the panel within a comfortable glance. */
export const XR_PANORAMA_ROWS = 5;

export interface XRPanoramaListVM {
  entries: PanoramaEntry[];
  page: number;
  pages: number;
  pageLabel: string;
  previous: string;
  next: string;
  act: { select(index: number): void; page(page: number): void };
}

export interface PageTexts {
  page: (page: number, count: number) => string;
  previous: string;
  next: string;
}

/** One page of the list; opens on the page that holds the current panorama unless the wearer turned pages. */
export function xrPanoramaPage(entries: PanoramaEntry[], page: number | null, texts: PageTexts, act: XRPanoramaListVM['act']): XRPanoramaListVM {
  const pages = Math.max(1, Math.ceil(entries.length / XR_PANORAMA_ROWS));
  const here = Math.max(0, entries.findIndex((e) => e.current));
  const wanted = page ?? Math.floor(here / XR_PANORAMA_ROWS);
  const current = Math.min(Math.max(0, wanted), pages - 1);
  return {
    entries: entries.slice(current * XR_PANORAMA_ROWS, (current + 1) * XR_PANORAMA_ROWS),
    page: current,
    pages,
    pageLabel: texts.page(current + 1, pages),
    previous: texts.previous,
    next: texts.next,
    act,
  };
}
