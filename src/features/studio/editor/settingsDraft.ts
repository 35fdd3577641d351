// The settings form's draft: what the owner typed (coordinates as text) and the patch it amounts to.
import type { StudioTour, TourFlag, UpdateTourBody } from '../../../protocol/studio.ts';
import { TOUR_FLAGS } from '../../../protocol/studio.ts';
import { parseCoordinate } from '../model/studioModel.ts';

export interface SettingsDraft extends Record<TourFlag, boolean> {
  name: string;
  nameMulti: Record<string, string>;
  description: string;
  descriptionMulti: Record<string, string>;
  themeColor: StudioTour['themeColor'];
  musicOn: boolean;
  music: string;
  musicVolume: number;
  latitude: string;
  longitude: string;
  whiteList: string[];
}

export function draftOf(tour: StudioTour): SettingsDraft {
  const flags = Object.fromEntries(TOUR_FLAGS.map((f) => [f, tour[f]])) as Record<TourFlag, boolean>;
  return {
    ...flags,
    name: tour.name, nameMulti: tour.nameMulti, description: tour.description, descriptionMulti: tour.descriptionMulti,
    themeColor: tour.themeColor, musicOn: tour.music !== 'none', music: tour.music === 'none' ? '' : tour.music, musicVolume: tour.musicVolume,
    latitude: tour.geoLatitude == null ? '' : String(tour.geoLatitude), longitude: tour.geoLongitude == null ? '' : String(tour.geoLongitude),
    whiteList: tour.whiteList,
  };
}

/** Problems the owner can fix before sending, by field (keys of the translated messages). */
export function draftProblems(d: SettingsDraft): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  if (!d.name.trim()) problems.name = 'problem.name-required';
  const lat = parseCoordinate(d.latitude, 90);
  const long = parseCoordinate(d.longitude, 180);
  if (Number.isNaN(lat)) problems.geoLatitude = 'problem.latitude';
  if (Number.isNaN(long)) problems.geoLongitude = 'problem.longitude';
  if (!problems.geoLatitude && !problems.geoLongitude && (lat === null) !== (long === null)) problems[lat === null ? 'geoLatitude' : 'geoLongitude'] = 'problem.both-coordinates';
  if (d.mapEnable && lat === null && !problems.geoLatitude) problems.geoLatitude = 'problem.map-needs-location';
  if (d.musicOn && !/^https?:\/\/\S+$/i.test(d.music.trim())) problems.music = 'problem.music-url';
  return problems;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed: an untouched field is never sent, so nothing the owner did not change can be lost. */
export function patchOf(tour: StudioTour, d: SettingsDraft): UpdateTourBody {
  const patch: UpdateTourBody = {};
  if (d.name.trim() !== tour.name) patch.name = d.name.trim();
  if (!same(d.nameMulti, tour.nameMulti)) patch.nameMulti = d.nameMulti;
  if (d.description !== tour.description) patch.description = d.description;
  if (!same(d.descriptionMulti, tour.descriptionMulti)) patch.descriptionMulti = d.descriptionMulti;
  if (d.themeColor !== tour.themeColor) patch.themeColor = d.themeColor;
  const music = d.musicOn ? d.music.trim() : 'none';
  if (music !== tour.music) patch.music = music;
  if (d.musicVolume !== tour.musicVolume) patch.musicVolume = d.musicVolume;
  const lat = parseCoordinate(d.latitude, 90);
  const long = parseCoordinate(d.longitude, 180);
  if (lat !== tour.geoLatitude) patch.geoLatitude = lat;
  if (long !== tour.geoLongitude) patch.geoLongitude = long;
  if (!same(d.whiteList, tour.whiteList)) patch.whiteList = d.whiteList;
  for (const f of TOUR_FLAGS) if (d[f] !== tour[f]) patch[f] = d[f];
  return patch;
}
