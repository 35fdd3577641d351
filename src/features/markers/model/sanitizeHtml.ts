// Owner descriptions may hold HTML. Rather than trusting it, the output is REBUILT from an allow-list: only the
// tags below survive, with no attributes except a checked href on links, and every other character is escaped.
// It is a small tokenizer instead of DOMParser so that it runs (and is tested) the same in Node and the browser.

import { linkProblem, webLinkProblem } from '../../../protocol/safeLink.ts';

const ALLOWED = new Set(['b', 'i', 'em', 'strong', 'p', 'br', 'ul', 'ol', 'li', 'a']);
const VOID = new Set(['br']);
/** Elements whose content is dropped together with them, not shown as text. */
const DROP_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title']);

const TAG = /<\/?([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?/g;

export function escapeText(text: string): string {
  // Keep well-formed entities (the owner wrote &amp; or &eacute;), escape everything else that could form markup.
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':').replace(/&tab;/gi, '\t').replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function safeHref(attributes: string): string | null {
  const match = attributes.match(/(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i);
  if (!match) return null;
  // Checked as the browser will read it (entities decoded), by the rule every link of the product shares.
  const href = decodeAttribute(match[1] ?? match[2] ?? match[3] ?? '').trim();
  const problem = /^mailto:/i.test(href) ? linkProblem(href, { mailto: true }) : webLinkProblem(href);
  return problem ? null : href;
}

/** Owner HTML reduced to the allow-listed tags; always well-nested (unclosed tags are closed at the end). */
export function sanitizeHtml(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    const text = html.slice(last, match.index);
    last = match.index + match[0].length;
    if (dropping === null) out += escapeText(text);
    const name = match[1]?.toLowerCase();
    if (!name) continue; // comment, doctype, processing instruction
    const closing = match[0].startsWith('</');
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!closing && !match[0].endsWith('/>')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      out += '<br>';
    } else if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    } else if (name === 'a') {
      const href = safeHref(match[2] ?? '');
      out += href ? `<a href="${escapeText(href)}" target="_blank" rel="noopener noreferrer">` : '<a>';
      open.push(name);
    } else {
      out += `<${name}>`;
      open.push(name);
    }
  }
  if (dropping === null) out += escapeText(html.slice(last));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

/** True when the text holds markup worth rendering as HTML (plain text is shown as text, keeping line breaks). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}
