import { describe, expect, it } from 'vitest';
import { KEY_PAN_PX, keyPanDelta, lonLatToTile, panView, pointOffset, tilesInView, viewAt, zoomView } from './slippyMap.ts';

describe('slippy map tiles', () => {
  it('matches the OSM tile numbers of a known place', () => {
    // Berlin centre at zoom 10 is tile 550/335 on openstreetmap.org.
    const { x, y } = lonLatToTile(52.52, 13.405, 10);
    expect(Math.floor(x)).toBe(550);
    expect(Math.floor(y)).toBe(335);
  });

  it('places the tiles so that the point is at the centre', () => {
    const tiles = tilesInView(viewAt(0, 0, 2), 768, 768, 'T/{z}/{x}/{y}');
    expect(tiles).toHaveLength(16); // the point is a tile corner: two tiles each way
    expect(tiles.find((t) => t.url === 'T/2/2/2')).toMatchObject({ left: 0, top: 0 });
  });

  it('wraps across the date line and drops rows beyond the poles', () => {
    const tiles = tilesInView(viewAt(85, 179.9, 1), 768, 768, '{z}/{x}/{y}');
    expect(tiles.some((t) => t.url === '1/0/0')).toBe(true);
    expect(tiles.every((t) => !t.url.endsWith('/-1'))).toBe(true);
  });
});

describe('slippy map panning', () => {
  const T = '{z}/{x}/{y}';
  it('moves the view opposite to the drag, one tile per 256 px', () => {
    const start = viewAt(0, 0, 4); // centre of the world: tile 8/8
    expect(start).toEqual({ x: 8, y: 8, zoom: 4 });
    expect(panView(start, 256, 0)).toEqual({ x: 7, y: 8, zoom: 4 }); // dragged right: now looking west
    expect(panView(start, -128, 512)).toEqual({ x: 8.5, y: 6, zoom: 4 });
    // The building moves with the content, so it is still under the pointer.
    expect(pointOffset(panView(start, 100, -40), 0, 0)).toEqual({ left: 100, top: -40 });
  });

  it('wraps east-west around the world and stops at the poles', () => {
    const view = viewAt(0, 179, 2); // x close to 4 = the date line
    const east = panView(view, -256, 0);
    expect(east.x).toBeGreaterThanOrEqual(0);
    expect(east.x).toBeLessThan(1);
    // The building, now one tile west across the date line, is drawn 256 px left of the centre, not a world away.
    expect(pointOffset(east, 0, 179).left).toBeCloseTo(-256, 6);
    expect(panView(viewAt(0, 0, 2), 0, 10_000).y).toBe(0);
    expect(panView(viewAt(0, 0, 2), 0, -10_000).y).toBe(4);
  });

  it('pans with the arrow keys like a drag: ArrowLeft shows what lies west', () => {
    const start = viewAt(10, 10, 8);
    const left = keyPanDelta('ArrowLeft')!;
    expect(panView(start, ...left).x).toBeLessThan(start.x);
    expect(panView(start, ...keyPanDelta('ArrowUp')!).y).toBeLessThan(start.y);
    expect(panView(start, ...keyPanDelta('ArrowDown')!).y).toBeGreaterThan(start.y);
    expect(panView(start, ...keyPanDelta('ArrowRight')!).x).toBeCloseTo(start.x + KEY_PAN_PX / 256, 9);
    expect(keyPanDelta('Enter')).toBeNull();
  });

  it('keeps the centre when zooming and stays within the zoom limits', () => {
    const view = panView(viewAt(48.85, 2.35, 16), 300, -200);
    const zoomed = zoomView(view, 17);
    expect(zoomed).toEqual({ x: view.x * 2, y: view.y * 2, zoom: 17 });
    expect(zoomView(view, 40).zoom).toBe(19);
    expect(zoomView(view, 0).zoom).toBe(2);
  });

  it('loads only the tiles that cover the map, and new ones as it moves', () => {
    const view = { x: 10.5, y: 10.5, zoom: 5 };
    const tiles = tilesInView(view, 512, 256, T);
    // 512 x 256 centred in the middle of a tile: columns 9..11 and rows 10..10.
    expect(tiles.map((t) => t.url).sort()).toEqual(['5/10/10', '5/11/10', '5/9/10']);
    expect(tiles.find((t) => t.url === '5/10/10')).toMatchObject({ left: -128, top: -128 });
    const moved = tilesInView(panView(view, -300, 0), 512, 256, T).map((t) => t.url);
    expect(moved).toContain('5/12/10');
    expect(moved).not.toContain('5/9/10');
  });

  it('repeats a world narrower than the map with distinct keys', () => {
    const tiles = tilesInView({ x: 2, y: 2, zoom: 2 }, 2048, 256, T);
    expect(new Set(tiles.map((t) => t.key)).size).toBe(tiles.length);
    expect(tiles.filter((t) => t.url === '2/0/1').length).toBe(2);
  });
});
