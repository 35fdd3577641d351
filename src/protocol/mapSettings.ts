import { z } from 'zod';

/**
 * Where the location panel's map tiles come from and the credit their provider requires. Operators of busy
 * installations point it at their own or a paid tile service: OpenStreetMap's public servers ask heavy users not to
 * rely on them (https://operations.osmfoundation.org/policies/tiles/).
 */
export const MapSettingsSchema = z.object({
  /** A raster tile address with {z}, {x} and {y} (and optionally {s} for subdomains a, b, c). */
  tileUrl: z.string(),
  /** Shown on the map as text; required by most providers' terms. */
  attribution: z.string(),
  maxZoom: z.number().int(),
});
export type MapSettings = z.infer<typeof MapSettingsSchema>;

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  maxZoom: 19,
};

/**
 * Why a configured tile address cannot be used, or null. https only: the viewer's pages allow images from https:
 * origins and their own (a plain-http tile server would be blocked by the Content-Security-Policy, and mixed content
 * by the browser on an https site).
 */
export function tileUrlProblem(url: string): string | null {
  if (!/^https:\/\/[^/?#\s]+\/\S*$/.test(url)) return 'must be an https:// address';
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !url.includes(part));
  return missing.length > 0 ? `must contain ${missing.join(', ')}` : null;
}
