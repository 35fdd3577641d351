// The building info panel's view model: facts about the building itself (the information panel tells its story),
// for the flat-screen dialog and the in-world panel alike. UI-free.
import type { Tour } from '../../protocol/tour.ts';
import { localText } from './localText.ts';

export interface InfoRow {
  /** Stable key for tests and React. */
  key: string;
  label: string;
  value: string;
}

export interface BuildingInfoViewModel {
  name: string;
  rows: InfoRow[];
}

export interface BuildingInfoTexts {
  productNumber: string;
  panoramas: string;
  coordinates: string;
  updated: string;
}

/** Latitude and longitude as people read them (51.7046° N, 8.5186° W), the same in every language. */
export function formatCoordinates(latitude: number, longitude: number): string {
  const part = (v: number, pos: string, neg: string) => `${Math.abs(v).toFixed(4)}° ${v < 0 ? neg : pos}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

export function buildingInfoViewModel(
  tour: Pick<Tour, 'name' | 'nameMulti' | 'productNumber' | 'panoramas' | 'mapEnable' | 'geoLatitude' | 'geoLongitude' | 'updatedAt'>,
  lang: string,
  texts: BuildingInfoTexts,
): BuildingInfoViewModel {
  const rows: InfoRow[] = [];
  const product = tour.productNumber?.trim();
  if (product) rows.push({ key: 'product-number', label: texts.productNumber, value: product });
  rows.push({ key: 'panoramas', label: texts.panoramas, value: new Intl.NumberFormat(lang).format(tour.panoramas.length) });
  // The location is shown only where the owner shows the map: the same switch, the same fact.
  if (tour.mapEnable && tour.geoLatitude != null && tour.geoLongitude != null) {
    rows.push({ key: 'coordinates', label: texts.coordinates, value: formatCoordinates(tour.geoLatitude, tour.geoLongitude) });
  }
  const updated = new Date(tour.updatedAt);
  if (!Number.isNaN(updated.getTime())) {
    rows.push({ key: 'updated', label: texts.updated, value: new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(updated) });
  }
  return { name: localText(tour.nameMulti, lang, tour.name), rows };
}
