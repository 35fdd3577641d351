// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { dismissPoster, handOverPoster } from './poster.ts';

describe('the poster at hand-over', () => {
  afterEach(() => {
    dismissPoster();
    document.body.innerHTML = '';
    delete (window as { __atriumPosterTiles?: object }).__atriumPosterTiles;
  });

  it('holding its sharp tiles for the scene, moves below the viewer\'s controls and just above the scene', () => {
    document.body.innerHTML = '<div id="viewer"><div data-testid="panorama-scene"></div><nav id="toolbar"></nav></div><div id="atrium-poster" style="z-index:2147483000"></div>';
    (window as { __atriumPosterTiles?: object }).__atriumPosterTiles = {};
    const viewer = document.getElementById('viewer')!;
    handOverPoster(viewer);
    const poster = document.getElementById('atrium-poster')!;
    expect(poster.parentElement).toBe(viewer);
    expect(poster.previousElementSibling?.getAttribute('data-testid')).toBe('panorama-scene');
    expect(poster.nextElementSibling?.id).toBe('toolbar');
    expect(poster.style.zIndex).toBe('0');
    expect(poster.style.opacity).toBe('');
  });

  it('without sharp tiles goes at once', () => {
    document.body.innerHTML = '<div id="viewer"><div data-testid="panorama-scene"></div></div><div id="atrium-poster"></div>';
    handOverPoster(document.getElementById('viewer'));
    expect(document.getElementById('atrium-poster')!.style.opacity).toBe('0');
  });
});
