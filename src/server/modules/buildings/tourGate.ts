import type { Tour } from '../../../protocol/tour.ts';
import { OWNER_SETTINGS_DEFAULTS } from '../../../protocol/ownerSettings.ts';
import { isWhitelisted } from '../../../protocol/visitor.ts';
import { MEDIA_PASS_PREFIX } from '../../../protocol/mediaPass.ts';
import { json } from '../../db/columns.ts';
import type { SessionUser } from '../auth/identity.ts';
import { canEditBuilding } from '../access/policy.ts';
import { presentBuilding } from './buildings.presenter.ts';
import type { BuildingRow } from './buildings.repository.ts';

type GateFields = Pick<BuildingRow, 'requireVisitorData' | 'requireWhiteListing' | 'whiteList' | 'headquarterId' | 'ownerId'>;
type Visibility = Pick<BuildingRow, 'requireVisitorData' | 'requireWhiteListing' | 'hidden' | 'draft' | 'removedAt' | 'isOffline' | 'unavailable'>;

export const isGated = (b: Pick<BuildingRow, 'requireVisitorData' | 'requireWhiteListing'>): boolean =>
  Boolean(b.requireVisitorData || b.requireWhiteListing);

/** Anyone may see the tour and its media: no gate, published, shown, not removed, online. */
export const isOpenToAll = (b: Visibility): boolean =>
  !isGated(b) && !b.hidden && !b.draft && !b.removedAt && !b.isOffline && !b.unavailable;

const listOf = (b: Pick<BuildingRow, 'whiteList'>): string[] => json<unknown[]>(b.whiteList, []).filter((u): u is string => typeof u === 'string');

/**
 * Section 4's gate rule, decided by the server: editors always pass; a visitor-data tour admits anyone signed in
 * (the form signs its visitors in); a whitelist tour only listed usernames (any case).
 */
export function passesGate(b: GateFields, viewer: SessionUser | null): boolean {
  if (!isGated(b)) return true;
  if (!viewer) return false;
  if (canEditBuilding(viewer, b)) return true;
  return !b.requireWhiteListing || isWhitelisted(listOf(b), viewer.username);
}

/**
 * Whether the viewer may reach what a tour offers a visitor besides its pages (its guides' free times, booking, a
 * call to a guide): only what openLink would show them in full. Editors may use their own draft; nobody a hidden,
 * offline or removed tour; a gated tour only those who passed its gate.
 */
export function reachesTour(b: GateFields & Pick<BuildingRow, 'draft' | 'hidden' | 'removedAt' | 'isOffline' | 'unavailable'>, viewer: SessionUser | null): boolean {
  if (b.removedAt || b.hidden || b.isOffline || b.unavailable) return false;
  if (viewer && canEditBuilding(viewer, b)) return true;
  return !b.draft && passesGate(b, viewer);
}

/** The whole list for the tour's editors; anyone else learns at most that they are on it (their own name). */
export function visibleWhiteList(b: GateFields, viewer: SessionUser | null): string[] {
  if (viewer && canEditBuilding(viewer, b)) return listOf(b);
  return viewer && isWhitelisted(listOf(b), viewer.username) ? [viewer.username] : [];
}

/** What the gate screen needs, nothing more: name, theme, which gate. Every other field is empty. */
export function gateScreenTour(b: BuildingRow, layout: Tour['layout']): Tour {
  const full = presentBuilding(b);
  return {
    ...full,
    description: '', descriptionMulti: {}, advertiseLink: null, bookings: null, calendar: null, whiteList: [], compass: null, thumbnail: null,
    music: 'none', floorplan: null, floorplanSize: null, productNumber: null, geoLatitude: null, geoLongitude: null, meta: {},
    introAssetsEnable: false, introAssetsAttribute: null, mapEnable: false, markerFinderEnable: false, myFavoriteEnable: false,
    instantMessagingEnable: false, showComment: false, showContactInfo: false, tourRingBtn: false,
    panoramas: [], layout, gateOnly: true, ownerSettings: OWNER_SETTINGS_DEFAULTS,
  };
}

/** A media reference at the start of a string, or inside HTML, JSON text or a comma-separated list. */
const MEDIA_REFERENCE = /(^|[\s"'(=,])\/media\/(?!pass\/)/g;

/** Every media URL in an answer (however deep, also inside HTML and JSON text) rewritten to go through the pass. */
export function withMediaPass<T>(value: T, pass: string): T {
  const prefix = `$1${MEDIA_PASS_PREFIX}${pass}/`;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes('/media/') ? v.replace(MEDIA_REFERENCE, prefix) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
