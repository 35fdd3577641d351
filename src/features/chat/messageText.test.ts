import { describe, expect, it } from 'vitest';
import { messageParts } from './messageText.ts';

describe('links in messages', () => {
  it('finds web and mail addresses and keeps the rest as text', () => {
    expect(messageParts('See www.example.com/plan, or mail ada@example.org 😀')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'www.example.com/plan', href: 'http://www.example.com/plan' },
      { kind: 'text', text: ', or mail ' },
      { kind: 'link', text: 'ada@example.org', href: 'mailto:ada@example.org' },
      { kind: 'text', text: ' 😀' },
    ]);
  });

  it('never makes a script or data address a link, and leaves markup as plain text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '<a href="https://x.io">x</a>', 'ftp://files.example.com']) {
      for (const part of messageParts(text)) if (part.kind === 'link') expect(part.href).toMatch(/^https?:|^mailto:/);
      expect(messageParts(text).map((p) => p.text).join('')).toBe(text);
    }
  });
});
