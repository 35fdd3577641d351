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

/** What the panel's link button opens: the tag's action, else a popup's plain link, else web/PDF media. */
export function linkTarget(vm: MarkerViewModel, labels: XRPanelLabels): { label: string; href: string } | null {
  if (vm.action) return { label: actionLabel(vm.action, vm.price, labels), href: vm.action.href };
  if (vm.link) return { label: labels.openLink, href: vm.link };
  if (vm.media && (vm.media.kind === 'web' || vm.media.kind === 'pdf')) return { label: labels.openLink, href: vm.media.url };
  // Videos do not play inside the panel yet: open them in the browser.
  if (vm.media?.kind === 'video') return { label: labels.openLink, href: vm.media.source.url };
  return null;
}

/** The image counter ("2 / 5", Arabic "2 من 5") from its translated template, numbers in the language's digits. */
export function imageCounter(labels: Pick<XRPanelLabels, 'imagePosition'>, index: number, count: number, lang = 'en'): string {
  let digits: Intl.NumberFormat;
  try {
    digits = new Intl.NumberFormat(lang, { useGrouping: false });
  } catch {
    digits = new Intl.NumberFormat('en', { useGrouping: false }); // an unknown tag: plain digits
  }
  return labels.imagePosition.replace('{{index}}', digits.format(index)).replace('{{count}}', digits.format(count));
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
