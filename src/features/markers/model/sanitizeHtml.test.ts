// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml.ts';

/** What a browser builds from the sanitised string: every element with its attributes. */
function elements(html: string): string[] {
  const box = document.createElement('div');
  box.innerHTML = html;
  return [...box.querySelectorAll('*')].map((el) => [el.tagName.toLowerCase(), ...[...el.attributes].map((a) => `${a.name}=${a.value}`)].join(' '));
}

describe('sanitizeHtml (DOMPurify with our allow-list)', () => {
  it('keeps the allowed formatting tags', () => {
    expect(sanitizeHtml('<p>A <b>bold</b> <em>move</em><br/>next</p><ul><li>one</li></ul>'))
      .toBe('<p>A <b>bold</b> <em>move</em><br>next</p><ul><li>one</li></ul>');
  });

  it('drops scripts with their content, event handlers, styles and frames', () => {
    expect(sanitizeHtml('hi<script>alert(1)</script>there')).toBe('hithere');
    expect(sanitizeHtml('<img src=x onerror="alert(1)">ok')).toBe('ok');
    expect(sanitizeHtml('<b onclick="alert(1)" style="color:red" class="x">b</b>')).toBe('<b>b</b>');
    expect(sanitizeHtml('<style>body{}</style><iframe src="x"></iframe>t')).toBe('t');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg><math><mi>x</mi></math>ok')).toBe('ok');
  });

  it('keeps only http, https and mailto links, opened in a new tab without an opener', () => {
    expect(elements(sanitizeHtml('<a href="https://example.com/?a=1&b=2">x</a>'))).toEqual(['a href=https://example.com/?a=1&b=2 target=_blank rel=noopener noreferrer']);
    expect(elements(sanitizeHtml('<a href="mailto:a@b.c">m</a>'))).toEqual(['a href=mailto:a@b.c target=_blank rel=noopener noreferrer']);
    for (const bad of ['javascript:alert(1)', 'java\tscript:alert(1)', '&#106;avascript:alert(1)', ' data:text/html,hi', '\u0001javascript:alert(1)', '/media/../secret', 'vbscript:x']) {
      expect(elements(sanitizeHtml(`<a href="${bad}">x</a>`)), bad).toEqual(['a']);
    }
  });

  it('leaves stray markup characters as text and closes unclosed tags', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml('1 < 2 & "q" <b>open');
    expect(box.textContent).toBe('1 < 2 & "q" open');
    expect(elements(box.innerHTML)).toEqual(['b']);
    expect(sanitizeHtml('<b><i>x</b>')).toBe('<b><i>x</i></b>');
    expect(sanitizeHtml('</p>x<!-- c -->')).toBe('x');
    box.innerHTML = sanitizeHtml('caf&eacute; <b>ouvert</b>');
    expect(box.textContent).toBe('café ouvert');
  });

  it('does not let a quoted > or a broken tag hide an attribute', () => {
    expect(elements(sanitizeHtml('<a title=">" href="javascript:x">y</a>'))).toEqual(['a']);
    expect(sanitizeHtml('<<b>x</b>')).toBe('&lt;<b>x</b>');
  });
});
