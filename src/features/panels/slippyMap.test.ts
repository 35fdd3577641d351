import { describe, expect, it } from 'vitest';
import { lonLatToTile, tilesAround } from './slippyMap.ts';

describe('slippy map tiles', () => {
  it('matches the OSM tile numbers of a known place', () => {
    // Berlin centre at zoom 10 is tile 550/335 on openstreetmap.org.
    const { x, y } = lonLatToTile(52.52, 13.405, 10);
    expect(Math.floor(x)).toBe(550);
    expect(Math.floor(y)).toBe(335);
  });

  it('returns nine tiles around the point, the point at the centre', () => {
    const tiles = tilesAround(0, 0, 2, 'T/{z}/{x}/{y}');
    expect(tiles).toHaveLength(9);
    const centre = tiles[4]!;
    expect(centre.url).toBe('T/2/2/2');
    expect(centre.left).toBeCloseTo(0);
    expect(centre.top).toBeCloseTo(0);
  });

  it('wraps across the date line and drops rows beyond the poles', () => {
    const tiles = tilesAround(85, 179.9, 1, '{z}/{x}/{y}');
    expect(tiles.some((t) => t.url === '1/0/0')).toBe(true);
    expect(tiles.every((t) => !t.url.endsWith('/-1'))).toBe(true);
  });
});
