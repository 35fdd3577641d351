// What a marker's panel shows, worked out once from the raw API marker. UI-free on purpose: the flat-screen DOM
// panel and the in-world (uikit) panel both render from this. Bad data never throws: missing pieces become
// `unavailable` or are left out.
import { linkProblem } from '../../../protocol/safeLink.ts';
import type { Marker, Tour } from '../../../protocol/tour.ts';
import { LABEL_WRAP, markerTitle } from '../../../protocol/markerLabel.ts';
import { pickLanguage } from '../../../protocol/multilingual.ts';
import { looksLikeHtml, sanitizeHtml, escapeText } from './sanitizeHtml.ts';
import { videoSource, type VideoSource } from './videoEmbed.ts';
import { wrapLine } from '../../../protocol/wrapLine.ts';

export { LABEL_WRAP };

export type MarkerMedia =
  | { kind: 'video'; source: VideoSource }
  | { kind: 'audio'; url: string }
  | { kind: 'pdf'; url: string }
  | { kind: 'web'; url: string }
  | { kind: 'ar'; url: string; widthPercent: number };

export interface MultitagEntry {
  name: string;
  photo: string | null;
}

export interface MarkerViewModel {
  id: string;
  kind: string;
  title: string;
  /** The title cut into label lines of at most 15 characters. */
  labelLines: string[];
  /** Sanitised HTML of the description (plain text escaped, line breaks kept); '' when none. */
  html: string;
  category: string;
  images: string[];
  price: string;
  action: { label: string; href: string } | null;
  /** A plain link to open (popup of iconType link). */
  link: string | null;
  media: MarkerMedia | null;
  entries: MultitagEntry[];
  /** The marker's target is gone (no link, no photo...): the panel says 'This item is no longer available'. */
  unavailable: boolean;
}

/**
 * Only web addresses (and this site's and relative paths) are ever put in src/href: javascript: and the like are
 * dropped however disguised (the shared rule of protocol/safeLink.ts, which the server applies on write).
 */
export function safeUrl(raw: string | null | undefined): string | null {
  const url = raw?.trim();
  if (!url) return null;
  return linkProblem(raw!, { relative: true }) ? null : url;
}

export function splitPhotos(photo: string | null | undefined): string[] {
  return (photo ?? '').split(',').map((p) => safeUrl(p)).filter((p): p is string => p !== null);
}

function descriptionHtml(text: string): string {
  if (text.trim() === '') return '';
  return looksLikeHtml(text) ? sanitizeHtml(text) : escapeText(text).replace(/\r?\n/g, '<br>');
}

function attr(marker: Marker, key: string): unknown {
  return marker.attributes?.[key];
}

function mediaFor(marker: Marker, link: string | null): MarkerMedia | null {
  switch (marker.type) {
    case 'videoplay':
      return link ? { kind: 'video', source: videoSource(link) } : null;
    case 'narration':
      return link ? { kind: 'audio', url: link } : null;
    case 'pdf':
      return link ? { kind: 'pdf', url: link } : null;
    case 'popup': {
      if (!link) return null;
      const iconType = attr(marker, 'iconType') ?? marker.iconType;
      if (iconType === 'link') return null;
      if (iconType === 'video') return { kind: 'video', source: videoSource(link) };
      return { kind: 'web', url: link };
    }
    case 'arMakerTag': {
      const target = safeUrl(typeof attr(marker, 'target') === 'string' ? (attr(marker, 'target') as string) : null);
      const width = Number(attr(marker, 'widthPercent'));
      return target ? { kind: 'ar', url: target, widthPercent: width > 0 && width <= 100 ? width : 100 } : null;
    }
    default:
      return null;
  }
}

/** Kinds that have nothing to show without their target. */
function needsTarget(vm: Omit<MarkerViewModel, 'unavailable'>): boolean {
  switch (vm.kind) {
    case 'videoplay': case 'narration': case 'pdf': case 'arMakerTag': return vm.media === null;
    case 'popup': return vm.media === null && vm.link === null;
    case 'gallery': return vm.images.length === 0;
    case 'multitag': return vm.entries.length === 0;
    case 'sticker': return vm.images.length === 0 && vm.html === '' && vm.title === '';
    default: return false;
  }
}

export function markerViewModel(marker: Marker, _tour: Tour | null, lang: string): MarkerViewModel {
  const title = markerTitle(marker, lang);
  const link = safeUrl(marker.link);
  const actionHref = safeUrl(pickLanguage(marker.actionLinkMulti, marker.link, lang));
  const actionLabel = pickLanguage(marker.actionMulti, marker.action, lang).trim();
  const entries = (marker.multitagInfo ?? [])
    .filter((e) => e && !e.hidden && typeof e.name === 'string')
    .map((e) => ({ name: e.name, photo: safeUrl(e.mainPhoto) }));
  const media = mediaFor(marker, link);
  const vm = {
    id: marker.objectId,
    kind: marker.type,
    title,
    labelLines: wrapLine(title, LABEL_WRAP),
    html: descriptionHtml(pickLanguage(marker.descriptionMulti, marker.description, lang)),
    category: pickLanguage(marker.categoryMulti, (marker.category ?? []).join(', '), lang),
    images: splitPhotos(marker.photo),
    price: pickLanguage(marker.priceMulti, marker.price, lang).trim(),
    action: actionHref && marker.type === 'tag' ? { label: actionLabel, href: actionHref } : null,
    link: marker.type === 'popup' && media === null ? link : null,
    media,
    entries,
  };
  return { ...vm, unavailable: needsTarget(vm) };
}
