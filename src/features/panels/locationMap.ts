import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapSettings } from '../../protocol/mapSettings.ts';

/**
 * The building on a Leaflet map. Its own chunk (with Leaflet and its CSS), loaded only when the location panel
 * opens, so a visitor who never opens it downloads none of it.
 */
export interface LocationMapOptions {
  latitude: number;
  longitude: number;
  zoom: number;
  settings: MapSettings;
  /** Already translated: the zoom buttons' names, the building marker's name and the credit line. */
  labels: { zoomIn: string; zoomOut: string; marker: string; attribution: string };
  rtl: boolean;
  onZoom: (zoom: number) => void;
}

/** Three presses move the map by about one tile (256 px). */
const PAN_STEP = 96;
const PAN_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [-PAN_STEP, 0], ArrowRight: [PAN_STEP, 0], ArrowUp: [0, -PAN_STEP], ArrowDown: [0, PAN_STEP],
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function createLocationMap(element: HTMLElement, o: LocationMapOptions): () => void {
  const map = L.map(element, {
    center: [o.latitude, o.longitude],
    zoom: Math.min(o.zoom, o.settings.maxZoom),
    minZoom: 2,
    maxZoom: o.settings.maxZoom,
    zoomControl: false,
    attributionControl: false,
    // Leaflet listens for keys on the document, which the panel's dialog keeps them from (they would turn the camera
    // behind it); the map's own listener below does the same moves.
    keyboard: false,
  });
  // Controls sit where the reader starts: top left in left-to-right languages, top right in Arabic.
  L.control.zoom({ position: o.rtl ? 'topright' : 'topleft', zoomInTitle: o.labels.zoomIn, zoomOutTitle: o.labels.zoomOut }).addTo(map);
  // Leaflet writes the credit as HTML; it is the operator's plain text here.
  L.control.attribution({ position: o.rtl ? 'bottomleft' : 'bottomright', prefix: false }).addAttribution(escapeHtml(o.labels.attribution)).addTo(map);
  L.tileLayer(o.settings.tileUrl, { maxZoom: o.settings.maxZoom, subdomains: 'abc' }).addTo(map);
  const icon = L.divIcon({
    className: 'atrium-map__pin',
    html: `<span class="atrium-map__marker" role="img" aria-label="${escapeHtml(o.labels.marker)}" data-testid="location-marker"></span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 22],
  });
  L.marker([o.latitude, o.longitude], { icon, interactive: false, keyboard: false }).addTo(map);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== element || e.altKey || e.ctrlKey || e.metaKey) return;
    const pan = PAN_KEYS[e.key];
    if (pan) map.panBy(pan);
    else if (e.key === '+' || e.key === '=') map.zoomIn();
    else if (e.key === '-' || e.key === '_') map.zoomOut();
    else return;
    e.preventDefault();
  };
  element.addEventListener('keydown', onKeyDown);
  map.on('zoomend', () => o.onZoom(map.getZoom()));
  o.onZoom(map.getZoom());
  return () => {
    element.removeEventListener('keydown', onKeyDown);
    map.remove();
  };
}
