// Owner descriptions may hold HTML. It goes through DOMPurify (a maintained sanitiser that parses as the browser
// does, so markup the browser would read differently cannot slip through) with an allow-list: the tags below, no
// attributes except href on links, checked by the link rule the whole product shares and opened in a new tab.
// DOMPurify needs a DOM: the browser's, or jsdom in unit tests (// @vitest-environment jsdom).

import createDOMPurify, { type DOMPurify } from 'dompurify';
import { linkProblem, webLinkProblem } from '../../../protocol/safeLink.ts';

const ALLOWED_TAGS = ['b', 'i', 'em', 'strong', 'p', 'br', 'ul', 'ol', 'li', 'a'];

export function escapeText(text: string): string {
  // Keep well-formed entities (the owner wrote &amp; or &eacute;), escape everything else that could form markup.
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** An href as the browser reads it (DOMPurify hands over the parsed value), checked by the shared link rule. */
function acceptableHref(href: string): boolean {
  const value = href.trim();
  return (/^mailto:/i.test(value) ? linkProblem(value, { mailto: true }) : webLinkProblem(value)) === null;
}

let instance: DOMPurify | null = null;

/** One DOMPurify of our own, so its link hook never changes how another library's copy sanitises. */
function purifier(): DOMPurify {
  if (instance) return instance;
  if (typeof window === 'undefined') throw new Error('sanitizeHtml needs a DOM: a browser, or the jsdom test environment');
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const href = node.getAttribute('href');
    if (href === null || !acceptableHref(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
  instance = purify;
  return purify;
}

/** Owner HTML reduced to the allow-listed tags, well-nested, as a string to set as innerHTML. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'], ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}

export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}
