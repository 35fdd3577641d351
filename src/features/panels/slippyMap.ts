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

/** What the map shows: its centre in fractional tile coordinates at `zoom` (so panning is plain pixel maths). */
export interface MapView {
  x: number;
  y: number;
  zoom: number;
}

export function viewAt(lat: number, lon: number, zoom: number): MapView {
  return { ...lonLatToTile(lat, lon, zoom), zoom };
}

/**
 * The view after the map's content moved by (dx, dy) CSS pixels (a drag to the right shows what lies west).
 * East-west wraps around the world; north-south stops at the map's edges.
 */
export function panView(view: MapView, dx: number, dy: number): MapView {
  const n = 2 ** view.zoom;
  const x = view.x - dx / TILE_SIZE;
  return { zoom: view.zoom, x: ((x % n) + n) % n, y: Math.max(0, Math.min(n, view.y - dy / TILE_SIZE)) };
}

/** The same place at the map's centre at another zoom level. */
export function zoomView(view: MapView, zoom: number): MapView {
  const z = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
  const scale = 2 ** (z - view.zoom);
  return { x: view.x * scale, y: view.y * scale, zoom: z };
}

/** Pixels an arrow key moves the map's content, as a drag would: ArrowLeft shows what lies west. */
export const KEY_PAN_PX = 96;

export function keyPanDelta(key: string): [number, number] | null {
  switch (key) {
    case 'ArrowLeft': return [KEY_PAN_PX, 0];
    case 'ArrowRight': return [-KEY_PAN_PX, 0];
    case 'ArrowUp': return [0, KEY_PAN_PX];
    case 'ArrowDown': return [0, -KEY_PAN_PX];
    default: return null;
  }
}

/**
 * Only the tiles that cover a `width` x `height` map centred on the view (tiles load on demand as the map moves),
 * placed relative to the map's centre. Keys use the unwrapped column, so a world narrower than the map repeats.
 */
export function tilesInView(view: MapView, width: number, height: number, template = tileUrlTemplate()): PlacedTile[] {
  const n = 2 ** view.zoom;
  const halfW = width / 2 / TILE_SIZE;
  const halfH = height / 2 / TILE_SIZE;
  const tiles: PlacedTile[] = [];
  for (let ty = Math.floor(view.y - halfH); ty < view.y + halfH; ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let col = Math.floor(view.x - halfW); col < view.x + halfW; col++) {
      const tx = ((col % n) + n) % n;
      tiles.push({
        url: template.replace('{z}', String(view.zoom)).replace('{x}', String(tx)).replace('{y}', String(ty)),
        left: (col - view.x) * TILE_SIZE,
        top: (ty - view.y) * TILE_SIZE,
        key: `${view.zoom}/${col}/${ty}`,
      });
    }
  }
  return tiles;
}

/** Where a place is drawn, in pixels from the map's centre (its nearest copy east or west). */
export function pointOffset(view: MapView, lat: number, lon: number): { left: number; top: number } {
  const n = 2 ** view.zoom;
  const p = lonLatToTile(lat, lon, view.zoom);
  let dx = p.x - view.x;
  dx -= Math.round(dx / n) * n;
  return { left: dx * TILE_SIZE, top: (p.y - view.y) * TILE_SIZE };
}
