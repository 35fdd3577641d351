// Share targets (spec section 9): each shared address carries a `ref` so visits can be attributed to their source.
import { withoutParams } from '../../protocol/viewerQuery.ts';

export const SHARE_NETWORKS = ['facebook', 'twitter', 'messenger', 'line', 'whatsapp'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];
export type ShareRef = ShareNetwork | 'qrcode';

/** The tour's address tagged with its link source (any earlier ref replaced). */
export function tourLinkWithRef(href: string, ref: ShareRef): string {
  const url = new URL(withoutParams(href, ['ref']));
  url.searchParams.set('ref', ref);
  return url.toString();
}

/** Each network's own "share this address" page. */
export function shareUrl(network: ShareNetwork, href: string, title: string): string {
  const link = encodeURIComponent(tourLinkWithRef(href, network));
  const text = encodeURIComponent(title);
  switch (network) {
    case 'facebook': return `https://www.facebook.com/sharer/sharer.php?u=${link}`;
    case 'twitter': return `https://twitter.com/intent/tweet?url=${link}&text=${text}`;
    case 'messenger': return `https://www.facebook.com/dialog/send?link=${link}&redirect_uri=${link}`;
    case 'line': return `https://social-plugins.line.me/lineit/share?url=${link}`;
    case 'whatsapp': return `https://wa.me/?text=${text}%20${link}`;
  }
}
