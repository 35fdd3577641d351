// The viewer's query parameters (spec section 2), parsed once into one typed object that every piece of UI reads.
// Parsing never throws: an address is typed or pasted by people and rewritten by embedding sites, so a bad value
// falls back to its default instead of breaking the tour.
import { DEFAULT_ROTATION_ANGLE, LINK_SOURCES } from './constants.ts';
import { isId } from './ids.ts';

export type LinkSource = (typeof LINK_SOURCES)[number];

/** Display switches that only hide something (spec: "value true unless noted"). */
export const HIDE_SWITCHES = [
  'hidePoweredBy', 'hideContactInfo', 'hideLTName', 'hideViewNum', 'hideLike', 'hideComment', 'hideSearch',
  'hideFullscreen', 'hideVRMode', 'hideGyro',
] as const;
/** Display switches that force something on that the product would otherwise decide. */
export const SHOW_SWITCHES = ['showComment', 'showFullscreen', 'showSearch'] as const;

export type HideSwitch = (typeof HIDE_SWITCHES)[number];
export type ShowSwitch = (typeof SHOW_SWITCHES)[number];

/** Every switch exactly as the address set it: true only when the parameter carries its triggering value. */
export type DisplaySwitches = Record<HideSwitch | ShowSwitch, boolean> & {
  /** share=hidden */
  shareHidden: boolean;
  /** autopilot=true */
  autopilot: boolean;
  /** autorotate=false */
  autorotateOff: boolean;
};

/**
 * What the address says about an element that two switches control:
 * 'hide' (hideX), 'show' (showX) or null (no opinion: the tour's own setting or the product default decides).
 * Precedence: hide wins over show. An embedder who hides something must never see it come back because
 * another parameter (perhaps appended by a share link) asks to show it.
 */
export type VisibilityOverride = 'show' | 'hide' | null;

export interface ViewerQuery {
  /** Group (property) id. */
  group: string | null;
  /** 1-based panorama number (position in the tour's panorama list); null when absent or not a positive integer. */
  index: number | null;
  /** Panorama id; the viewer replaces it by `index` once resolved (see replacePanoramaWithIndex). */
  panorama: string | null;
  /** The raw link source, recorded then removed from the address (see withoutParams). */
  ref: string | null;
  /** `ref` normalised to a tracked source; anything else counts as 'direct'. */
  linkSource: LinkSource | 'direct';
  /** The requested interface locale as written (resolved against the interface languages by the i18n setup). */
  locale: string | null;
  /** ui=true */
  uiMode: boolean;
  /** false when panobar=false. */
  panoramaList: boolean;
  /** true when tags=false: markers are limited to tags. */
  tagsOnly: boolean;
  /** Headquarter title. */
  title: string | null;
  /** Degrees per autopilot turn; DEFAULT_ROTATION_ANGLE when absent or not numeric. */
  autopilotAngle: number;
  switches: DisplaySwitches;
  /**
   * What the address allows for elements one switch can hide. false means hidden by the address; true means
   * "not hidden by the address" (the tour's own settings, e.g. showPoweredBy, may still hide it).
   */
  allows: {
    poweredBy: boolean;
    contactInfo: boolean;
    /** The tour (LiveTour) name. */
    tourName: boolean;
    viewCount: boolean;
    like: boolean;
    vrMode: boolean;
    gyro: boolean;
    share: boolean;
  };
  /** Elements with both a hide and a show switch; resolve with isVisible(override, productDefault). */
  overrides: {
    comment: VisibilityOverride;
    fullscreen: VisibilityOverride;
    search: VisibilityOverride;
  };
  /** autopilot=true: auto-rotation moves on to the next panorama. */
  autopilot: boolean;
  /** false when autorotate=false. */
  autorotate: boolean;
  embed: {
    /** disableBackground=true */
    disableBackground: boolean;
    /** onlyForVRmaker=true */
    onlyForVRmaker: boolean;
  };
}

// Switch values are compared case-insensitively; a bare `?hideLike` (empty value) counts as set, because
// hand-written embed codes often drop the "=true".
const TRUE_VALUES = new Set(['true', '1', '']);
const FALSE_VALUES = new Set(['false', '0']);
const MAX_TEXT_LENGTH = 200;
const LOCALE_PATTERN = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8}){0,3}$/;
const POSITIVE_INTEGER = /^[1-9]\d*$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function toParams(search: string | URLSearchParams): URLSearchParams {
  if (typeof search !== 'string') return search;
  // Accept a whole address or path ('https://host/id?x=1#h', '/id?x=1') as well as a search string ('?x=1', 'x=1').
  const withoutHash = search.split('#')[0] ?? '';
  const queryStart = withoutHash.indexOf('?');
  if (queryStart >= 0) return new URLSearchParams(withoutHash.slice(queryStart + 1));
  const looksLikeAddress = withoutHash.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(withoutHash);
  return new URLSearchParams(looksLikeAddress ? '' : withoutHash);
}

function isTrue(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value !== null && TRUE_VALUES.has(value.trim().toLowerCase());
}

function isFalse(params: URLSearchParams, name: string): boolean {
  const value = params.get(name);
  return value !== null && FALSE_VALUES.has(value.trim().toLowerCase());
}

function isValue(params: URLSearchParams, name: string, expected: string): boolean {
  return params.get(name)?.trim().toLowerCase() === expected;
}

function readId(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value && isId(value) ? value : null;
}

function readText(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value && value.length <= MAX_TEXT_LENGTH ? value : null;
}

function readIndex(params: URLSearchParams): number | null {
  const value = params.get('index')?.trim();
  if (!value || !POSITIVE_INTEGER.test(value)) return null;
  const index = Number(value);
  return Number.isSafeInteger(index) ? index : null;
}

function readAngle(params: URLSearchParams): number {
  const value = params.get('autopilotAngle')?.trim();
  if (!value || !DECIMAL.test(value)) return DEFAULT_ROTATION_ANGLE;
  const angle = Number(value);
  return Number.isFinite(angle) ? angle : DEFAULT_ROTATION_ANGLE;
}

function readLocale(params: URLSearchParams): string | null {
  const value = params.get('locale')?.trim();
  return value && LOCALE_PATTERN.test(value) ? value : null;
}

export function isKnownLinkSource(value: unknown): value is LinkSource {
  return typeof value === 'string' && (LINK_SOURCES as readonly string[]).includes(value);
}

/**
 * A ref as a tracked link source. Share links carry variants such as 'yc-fullscreen', which count as their
 * base source ('yc'); anything unknown, empty or absent is 'direct'.
 */
export function normalizeLinkSource(ref: string | null | undefined): LinkSource | 'direct' {
  const value = ref?.trim().toLowerCase() ?? '';
  if (isKnownLinkSource(value)) return value;
  const base = value.split('-')[0];
  return isKnownLinkSource(base) ? base : 'direct';
}

/** Shows when the address forces it, hides when the address hides it (hide wins), otherwise the default decides. */
export function isVisible(override: VisibilityOverride, productDefault: boolean): boolean {
  if (override === 'hide') return false;
  if (override === 'show') return true;
  return productDefault;
}

function override(hide: boolean, show: boolean): VisibilityOverride {
  if (hide) return 'hide';
  return show ? 'show' : null;
}

function readSwitches(params: URLSearchParams): DisplaySwitches {
  const switches = {} as DisplaySwitches;
  for (const name of [...HIDE_SWITCHES, ...SHOW_SWITCHES]) switches[name] = isTrue(params, name);
  switches.shareHidden = isValue(params, 'share', 'hidden');
  switches.autopilot = isValue(params, 'autopilot', 'true');
  switches.autorotateOff = isValue(params, 'autorotate', 'false');
  return switches;
}

export function parseViewerQuery(search: string | URLSearchParams): ViewerQuery {
  const params = toParams(search);
  const switches = readSwitches(params);
  const ref = readText(params, 'ref');
  return {
    group: readId(params, 'group'),
    index: readIndex(params),
    panorama: readId(params, 'panorama'),
    ref,
    linkSource: normalizeLinkSource(ref),
    locale: readLocale(params),
    uiMode: isValue(params, 'ui', 'true'),
    panoramaList: !isFalse(params, 'panobar'),
    tagsOnly: isFalse(params, 'tags'),
    title: readText(params, 'title'),
    autopilotAngle: readAngle(params),
    switches,
    allows: {
      poweredBy: !switches.hidePoweredBy,
      contactInfo: !switches.hideContactInfo,
      tourName: !switches.hideLTName,
      viewCount: !switches.hideViewNum,
      like: !switches.hideLike,
      vrMode: !switches.hideVRMode,
      gyro: !switches.hideGyro,
      share: !switches.shareHidden,
    },
    overrides: {
      comment: override(switches.hideComment, switches.showComment),
      fullscreen: override(switches.hideFullscreen, switches.showFullscreen),
      search: override(switches.hideSearch, switches.showSearch),
    },
    autopilot: switches.autopilot,
    autorotate: !switches.autorotateOff,
    embed: {
      disableBackground: isValue(params, 'disableBackground', 'true'),
      onlyForVRmaker: isValue(params, 'onlyForVRmaker', 'true'),
    },
  };
}

/**
 * The address without the named parameters, keeping path, other parameters and hash.
 * Used to drop `ref` once recorded. Accepts an absolute address or a path such as '/abc?ref=qrcode#x' and
 * answers in the same form.
 */
export function withoutParams(url: string | URL, names: readonly string[]): string {
  const absolute = url instanceof URL || /^[a-z][a-z\d+.-]*:/i.test(url);
  // The base only lets relative paths parse; it never appears in a relative answer.
  const parsed = new URL(url.toString(), 'http://relative.invalid');
  // Only touch the query when needed: deleting re-serialises it (e.g. '%20' becomes '+').
  for (const name of names) if (parsed.searchParams.has(name)) parsed.searchParams.delete(name);
  if (absolute) return parsed.toString();
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/**
 * The search string with `panorama` replaced by the resolved 1-based `index` (spec: "replaced by index once
 * resolved"). Answers '' or a string starting with '?'. Throws RangeError for an index that is not a positive
 * integer: that is a caller bug, not user input.
 */
export function replacePanoramaWithIndex(search: string | URLSearchParams, index: number): string {
  if (!Number.isSafeInteger(index) || index < 1) throw new RangeError(`index must be a positive integer, got ${index}`);
  const params = new URLSearchParams(toParams(search));
  params.delete('panorama');
  params.set('index', String(index));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The display switches an owner picks for an embed or a link (studio publish panel); each true turns one on. */
export interface ViewerQueryOptions {
  hide?: Partial<Record<HideSwitch, boolean>>;
  /** share=hidden */
  shareHidden?: boolean;
  /** autopilot=true */
  autopilot?: boolean;
  /** autorotate=false */
  autorotateOff?: boolean;
  /** panobar=false */
  panoramaListOff?: boolean;
  /** tags=false */
  tagsOnly?: boolean;
  disableBackground?: boolean;
  onlyForVRmaker?: boolean;
  /** An interface language; ignored unless it looks like a locale. */
  locale?: string | null;
}

/**
 * The query string (with its '?', or '') that makes parseViewerQuery read back exactly these options, written
 * with the parser's own names and triggering values. Switches left off are left out.
 */
export function serializeViewerQuery(options: ViewerQueryOptions): string {
  const params = new URLSearchParams();
  for (const name of HIDE_SWITCHES) if (options.hide?.[name]) params.set(name, 'true');
  if (options.shareHidden) params.set('share', 'hidden');
  if (options.autopilot) params.set('autopilot', 'true');
  if (options.autorotateOff) params.set('autorotate', 'false');
  if (options.panoramaListOff) params.set('panobar', 'false');
  if (options.tagsOnly) params.set('tags', 'false');
  if (options.disableBackground) params.set('disableBackground', 'true');
  if (options.onlyForVRmaker) params.set('onlyForVRmaker', 'true');
  if (options.locale && LOCALE_PATTERN.test(options.locale)) params.set('locale', options.locale);
  const query = params.toString();
  return query ? `?${query}` : '';
}
