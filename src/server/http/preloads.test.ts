import { describe, expect, it } from 'vitest';
import { preloadElement, preloadLinkHeader } from './preloads.ts';

describe('preloads', () => {
  const manifest = { href: '/media/panoramas/a/b/manifest.json', as: 'fetch', crossOrigin: true } as const;
  const image = { href: '/media/panoramas/a/b/first-view.jpg?v=1&x=2', as: 'image', highPriority: true } as const;

  it('announces each file in the Link header, with the same mode and priority as its element', () => {
    expect(preloadLinkHeader([manifest, image])).toBe(
      '</media/panoramas/a/b/manifest.json>; rel=preload; as=fetch; crossorigin, ' +
        '</media/panoramas/a/b/first-view.jpg?v=1&x=2>; rel=preload; as=image; fetchpriority=high',
    );
    expect(preloadElement(manifest)).toBe('<link rel="preload" as="fetch" crossorigin href="/media/panoramas/a/b/manifest.json">');
    expect(preloadElement(image)).toBe('<link rel="preload" as="image" href="/media/panoramas/a/b/first-view.jpg?v=1&amp;x=2" fetchpriority="high">');
  });

  it('leaves to the element a URL a header cannot carry as it is, and sends no header for none', () => {
    const odd = [{ href: '/media/é.jpg', as: 'image' }, { href: '/media/a b.jpg', as: 'image' }, { href: '/media/a>.jpg', as: 'image' }] as const;
    expect(preloadLinkHeader([...odd, manifest])).toBe('</media/panoramas/a/b/manifest.json>; rel=preload; as=fetch; crossorigin');
    expect(preloadLinkHeader(odd)).toBeNull();
    expect(preloadLinkHeader([])).toBeNull();
    expect(preloadElement({ href: '/m/"><script>', as: 'image' })).toBe('<link rel="preload" as="image" href="/m/&quot;>&lt;script>">');
  });
});
