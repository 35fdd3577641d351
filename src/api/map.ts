import type { MapSettings } from '../protocol/mapSettings.ts';
import { request } from './httpClient.ts';

let settings: Promise<MapSettings> | null = null;

/** The installation's map tile source, asked once per page (the panel may open many times). */
export function mapSettingsCall(): Promise<MapSettings> {
  settings ??= request<MapSettings>('/v2/map/settings').catch((error: unknown) => {
    settings = null; // a failed answer is asked again the next time the panel opens
    throw error;
  });
  return settings;
}
