// What the share panel shows, for its flat dialog and its in-world twin: the tour's link tagged ref=qrcode (the
// link the QR code carries) and the labels, already translated.
import { tourLinkWithRef } from './shareLinks.ts';

export interface ShareViewModel {
  link: string;
  qrLabel: string;
  linkLabel: string;
}

export function shareViewModel(href: string, texts: { qr: string; link: string }): ShareViewModel {
  return { link: tourLinkWithRef(href, 'qrcode'), qrLabel: texts.qr, linkLabel: texts.link };
}
