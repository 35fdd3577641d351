import { describe, expect, it } from 'vitest';
import { holdEntryScript, injectBootstrap, insertEarly } from './staticRoutes.ts';

const INDEX = '<html><head><title>A</title><script type="module" crossorigin src="/assets/index-1.js"></script>'
  + '<link rel="modulepreload" crossorigin href="/assets/rt.js"></head><body></body></html>';

describe('page assembly', () => {
  it('holds the entry script as a marked modulepreload the page starts itself', () => {
    const held = holdEntryScript(INDEX);
    expect(held).not.toContain('<script type="module"');
    expect(held).toContain('<link rel="modulepreload" crossorigin href="/assets/index-1.js" data-atrium-entry>');
  });

  it('puts early elements before the entry, held or not', () => {
    for (const html of [INDEX, holdEntryScript(INDEX)]) {
      const out = insertEarly(html, ['<script>poster()</script>']);
      expect(out.indexOf('poster()')).toBeLessThan(out.indexOf('/assets/index-1.js'));
      expect(out.indexOf('poster()')).toBeGreaterThan(out.indexOf('<title>'));
    }
    expect(insertEarly(INDEX, [])).toBe(INDEX);
  });

  it('escapes < in the inlined JSON so no value can close the script', () => {
    const out = injectBootstrap(INDEX, { name: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('</script><script>alert(1)');
    expect(out).toContain('\\u003c/script>');
  });
});
