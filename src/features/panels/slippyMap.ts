// Web-Mercator tile maths for the small built-in map (no map library is installed, and the map must only load
// when the location panel opens). Tiles follow the OSM {z}/{x}/{y} scheme.
export const TILE_SIZE = 256;
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 19;

declare global {
  interface Window {
    __ATRIUM_CONFIG__?: { mapTileUrl?: string };
  }
}

/** The tile server: the deployment's configuration, or OpenStreetMap. */
export function tileUrlTemplate(): string {
  return (typeof window !== 'undefined' && window.__ATRIUM_CONFIG__?.mapTileUrl) || DEFAULT_TILE_URL;
}

/** Fractional tile coordinates of a point at a zoom level. */
export function lonLatToTile(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, lat));
  const rad = (clampedLat * Math.PI) / 180;
  return {
    x: ((lon + 180) / 360) * n,
    y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n,
  };
}

export interface PlacedTile {
  url: string;
  /** Pixel offset of the tile's top-left corner from the map's centre. */
  left: number;
  top: number;
  key: string;
}

/** The 3x3 tiles around a point, placed so that the point sits at the map's centre. */
export function tilesAround(lat: number, lon: number, zoom: number, template = tileUrlTemplate()): PlacedTile[] {
  const { x, y } = lonLatToTile(lat, lon, zoom);
  const cx = Math.floor(x);
  const cy = Math.floor(y);
  const n = 2 ** zoom;
  const tiles: PlacedTile[] = [];
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const ty = cy + dy;
      if (ty < 0 || ty >= n) continue;
      const tx = (((cx + dx) % n) + n) % n; // the world wraps east-west
      tiles.push({
        url: template.replace('{z}', String(zoom)).replace('{x}', String(tx)).replace('{y}', String(ty)),
        left: (cx + dx - x) * TILE_SIZE,
        top: (ty - y) * TILE_SIZE,
        key: `${zoom}/${tx}/${ty}`,
      });
    }
  }
  return tiles;
}
