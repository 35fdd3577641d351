import { LinkifyIt } from 'linkify-it';

/** A piece of a message: plain text, or a link with the address it opens. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// linkify-it finds addresses in plain text (with full Unicode and top-level domains) without producing any HTML:
// the view renders each part as a text node or an <a>, so nothing a person writes is ever parsed as markup.
const linkify = new LinkifyIt({ fuzzyLink: true }).add('ftp:', null);
const SAFE = /^(https?:|mailto:)/i;

/** Splits a message into text and links; only http(s) and mailto addresses become links. */
export function messageParts(text: string): TextPart[] {
  const matches = linkify.match(text) ?? [];
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of matches) {
    if (!SAFE.test(match.url)) continue;
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'link', text: match.text, href: match.url });
    at = match.lastIndex;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
