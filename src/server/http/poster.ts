import { DEFAULT_FOV } from '../../protocol/constants.ts';
import { CUBE_FACES } from '../../protocol/tiles.ts';
import type { Panorama } from '../../protocol/tour.ts';
import type { Preload } from './preloads.ts';
import { POSTER_SCRIPT } from './posterScript.ts';
import { POSTER_TILES_SCRIPT } from './posterTilesScript.ts';
import { ENTRY_MARKER } from './staticRoutes.ts';

export interface PosterView {
  url: string;
  /** Degrees: yaw = ath (right-positive), pitch up-positive (= -atv), fov across the longer side (as cameraStore). */
  yaw: number;
  pitch: number;
  fov: number;
  faceOrder: readonly string[];
  /** The tile manifest: the poster fetches the first view's tiles at the level the screen needs. */
  manifest?: string;
}

/** The view the viewer opens the start panorama with: its initial view, else straight ahead at the default fov. */
export function posterView(panorama: Panorama): PosterView | null {
  if (!panorama.cubemapPreivewUrl) return null;
  const view = panorama.initialView;
  const manifest = panorama.cubemapUrl ?? undefined;
  return { url: panorama.cubemapPreivewUrl, yaw: view?.ath ?? 0, pitch: -(view?.atv ?? 0), fov: view?.fov ?? DEFAULT_FOV, faceOrder: CUBE_FACES, ...(manifest ? { manifest } : {}) };
}

/**
 * The poster's part of the page: a preload of the first-view image and the inline script that paints it (and the
 * first view's tiles at the level the screen needs) and then starts the held entry script. None for transparent
 * embeds (disableBackground): a page that must show what is behind it gets no opaque poster.
 */
export function posterHead(panorama: Panorama, search: URLSearchParams): { preload: Preload; script: string } | null {
  if (search.get('disableBackground') === 'true') return null;
  const view = posterView(panorama);
  if (!view) return null;
  const data = JSON.stringify({ ...view, entryMarker: ENTRY_MARKER, holdMs: ENTRY_HOLD_MS }).replace(/</g, '\\u003c');
  return {
    preload: { href: view.url, as: 'image', highPriority: true },
    script: `<script>${POSTER_SCRIPT}(${data}, ${POSTER_TILES_SCRIPT});</script>`,
  };
}

/** However slow the image, the viewer's own start is never held back longer than this. */
export const ENTRY_HOLD_MS = 1500;
