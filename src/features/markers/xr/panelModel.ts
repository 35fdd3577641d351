// Pure helpers of the in-world marker panel: what its text blocks and buttons say (placement: ../../xr/kit/placement.ts).
import type { MarkerViewModel } from '../model/markerViewModel.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The sanitised description HTML as plain text: block ends and <br> become line breaks, tags go, entities decode. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<\/(p|li|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Button and status texts; the app passes its translations ('markers' catalog), English otherwise. */
export interface XRPanelLabels {
  close: string;
  play: string;
  pause: string;
  openLink: string;
  /** A tag's shop button when the owner gave it no label of its own. */
  buy: string;
  /** "Open {{host}}? This leaves VR.": asked before a link takes the wearer out of the headset. */
  leaveVrQuestion: string;
  leaveVrConfirm: string;
  stayInVr: string;
  previousImage: string;
  nextImage: string;
  noLongerAvailable: string;
  untitled: string;
  /**
   * "{{index}} / {{count}}" in the visitor's language (Arabic "{{index}} من {{count}}": with a slash, the
   * right-to-left paragraph put the count first and "1 / 3" read as "3 / 1").
   */
  imagePosition: string;
  previousPage: string;
  nextPage: string;
  /** "Page {{index}} of {{count}}" of an in-world PDF (Arabic "صفحة {{index}} من {{count}}"). */
  pagePosition: string;
  /** "{{current}} / {{total}}": a video's time (Arabic "{{current}} من {{total}}", as the image counter). */
  videoTime: string;
  mute: string;
  unmute: string;
  /**
   * Set while the 'markers' catalog is still loading (the labels are English meanwhile): resolves to the
   * translated labels, which the panel then shows. The page that made these labels need not re-render.
   */
  translated?: Promise<XRPanelLabels>;
}

export const ENGLISH_LABELS: XRPanelLabels = {
  close: 'Close',
  play: 'Play',
  pause: 'Pause',
  openLink: 'Open link',
  buy: 'Buy',
  leaveVrQuestion: 'Open {{host}}? This leaves VR.',
  leaveVrConfirm: 'Leave VR and open',
  stayInVr: 'Stay in VR',
  previousImage: 'Previous image',
  nextImage: 'Next image',
  noLongerAvailable: 'This item is no longer available',
  untitled: 'Details',
  imagePosition: '{{index}} / {{count}}',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pagePosition: 'Page {{index}} of {{count}}',
  videoTime: '{{current}} / {{total}}',
  mute: 'Mute',
  unmute: 'Sound on',
};

/** The catalog keys of locales/<lang>/markers.json behind each label. */
export const LABEL_KEYS: Record<Exclude<keyof XRPanelLabels, 'translated'>, string> = {
  close: 'markers.close',
  play: 'markers.play',
  pause: 'markers.pause',
  openLink: 'markers.open-link',
  buy: 'markers.buy',
  leaveVrQuestion: 'markers.leave-vr-question',
  leaveVrConfirm: 'markers.leave-vr-confirm',
  stayInVr: 'markers.stay-in-vr',
  previousImage: 'markers.previous-image',
  nextImage: 'markers.next-image',
  noLongerAvailable: 'markers.no-longer-available',
  untitled: 'markers.untitled',
  imagePosition: 'markers.image-position',
  previousPage: 'markers.previous-page',
  nextPage: 'markers.next-page',
  pagePosition: 'markers.page-position',
  videoTime: 'markers.video-time',
  mute: 'markers.mute',
  unmute: 'markers.unmute',
};

/** Labels from a translation function, e.g. `labelsFrom((k) => t(k))` with react-i18next's 'markers' namespace. */
export function labelsFrom(translate: (key: string) => string): XRPanelLabels {
  const out = { ...ENGLISH_LABELS };
  for (const key of Object.keys(LABEL_KEYS) as (keyof typeof LABEL_KEYS)[]) {
    const text = translate(LABEL_KEYS[key]);
    if (text && text !== LABEL_KEYS[key]) out[key] = text;
  }
  return out;
}

/**
 * A tag's action button says what the owner wrote; without a label of their own, "Buy" in the visitor's language
 * when the tag has a price (a shop link), else "Open link". Shared with the flat-screen panel.
 */
export function actionLabel(action: { label: string }, price: string, labels: Pick<XRPanelLabels, 'buy' | 'openLink'>): string {
  return action.label || (price ? labels.buy : labels.openLink);
}

/**
 * What the panel's link button opens: the tag's action, else a popup's plain link, else a web page, else a video
 * of a host's player (YouTube, Vimeo, Dailymotion: a cross-origin page whose frames cannot become a texture).
 * Video files and streams play inside the panel and PDFs are shown there page by page: no link for them.
 */
export function linkTarget(vm: MarkerViewModel, labels: XRPanelLabels): { label: string; href: string } | null {
  if (vm.action) return { label: actionLabel(vm.action, vm.price, labels), href: vm.action.href };
  if (vm.link) return { label: labels.openLink, href: vm.link };
  if (vm.media?.kind === 'web') return { label: labels.openLink, href: vm.media.url };
  if (vm.media?.kind === 'video' && vm.media.source.kind === 'embed') return { label: labels.openLink, href: vm.media.source.url };
  return null;
}

/** Whole numbers in the language's digits, at least `width` of them (an unknown tag: plain digits). */
function digitsOf(lang: string, width = 1): (n: number) => string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(lang, { useGrouping: false, minimumIntegerDigits: width });
  } catch {
    format = new Intl.NumberFormat('en', { useGrouping: false, minimumIntegerDigits: width });
  }
  return (n) => format.format(n);
}

/** The image counter ("2 / 5", Arabic "2 من 5") from its translated template, numbers in the language's digits. */
export function imageCounter(labels: Pick<XRPanelLabels, 'imagePosition'>, index: number, count: number, lang = 'en'): string {
  const digits = digitsOf(lang);
  return labels.imagePosition.replace('{{index}}', digits(index)).replace('{{count}}', digits(count));
}

/** A PDF's page counter ("Page 2 of 5", Arabic "صفحة 2 من 5"), numbers in the language's digits. */
export function pageCounter(labels: Pick<XRPanelLabels, 'pagePosition'>, index: number, count: number, lang = 'en'): string {
  const digits = digitsOf(lang);
  return labels.pagePosition.replace('{{index}}', digits(index)).replace('{{count}}', digits(count));
}

/** A time on a clock face, "1:05" or "1:02:05", in the language's digits. */
export function clockTime(seconds: number, lang = 'en'): string {
  const plain = digitsOf(lang);
  const two = digitsOf(lang, 2);
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return h > 0 ? `${plain(h)}:${two(m)}:${two(s)}` : `${plain(m)}:${two(s)}`;
}

/** Where a video is, "0:03 / 0:10" (Arabic "0:03 من 0:10"); the time alone while the length is unknown (a stream). */
export function videoTimeText(labels: Pick<XRPanelLabels, 'videoTime'>, current: number, total: number, lang = 'en'): string {
  if (!(total > 0)) return clockTime(current, lang);
  return labels.videoTime.replace('{{current}}', clockTime(current, lang)).replace('{{total}}', clockTime(total, lang));
}

/** The question asked before a link leaves VR, naming the site it goes to (relative links: this site). */
export function leaveVrQuestion(labels: Pick<XRPanelLabels, 'leaveVrQuestion'>, href: string, base = 'http://localhost/'): string {
  let host: string;
  try {
    host = new URL(href, base).host;
  } catch {
    host = href;
  }
  return labels.leaveVrQuestion.replace('{{host}}', host);
}
