import { describe, it, expect } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed formatting tags', () => {
    expect(sanitizeHtml('<p>A <b>bold</b> <em>move</em><br/>next</p><ul><li>one</li></ul>'))
      .toBe('<p>A <b>bold</b> <em>move</em><br>next</p><ul><li>one</li></ul>');
  });
  it('drops scripts with their content and event handlers', () => {
    expect(sanitizeHtml('hi<script>alert(1)</script>there')).toBe('hithere');
    expect(sanitizeHtml('<img src=x onerror="alert(1)">ok')).toBe('ok');
    expect(sanitizeHtml('<b onclick="alert(1)">b</b>')).toBe('<b>b</b>');
    expect(sanitizeHtml('<style>body{}</style><iframe src="x"></iframe>t')).toBe('t');
  });
  it('keeps only http, https and mailto links, with rel noopener', () => {
    expect(sanitizeHtml('<a href="https://example.com/?a=1&b=2">x</a>'))
      .toBe('<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.c">m</a>')).toContain('href="mailto:a@b.c"');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" data:text/html,hi">x</a>')).toBe('<a>x</a>');
  });
  it('escapes stray markup characters and closes unclosed tags', () => {
    expect(sanitizeHtml('1 < 2 & "q" <b>open')).toBe('1 &lt; 2 &amp; &quot;q&quot; <b>open</b>');
    expect(sanitizeHtml('<b><i>x</b>')).toBe('<b><i>x</i></b>');
    expect(sanitizeHtml('</p>x<!-- c -->')).toBe('x');
    expect(sanitizeHtml('caf&eacute;')).toBe('caf&eacute;');
  });
  it('does not let a quoted > hide an attribute', () => {
    expect(sanitizeHtml('<a title=">" href="javascript:x">y</a>')).toBe('<a>y</a>');
  });
});
