import type { DeviceClass } from '../tiles/tileBudget.ts';

/**
 * Counters for tests and diagnostics, mirrored on window.__atriumScene (read-only use, plain object so
 * Playwright can poll it without React). Written by the layers every frame they update.
 */
export interface SceneStats {
  panoramaId: string | null;
  /** The first-view cube of panoramaId has been drawn. */
  firstPixels: boolean;
  /** Index of the level chosen for the current viewport. */
  targetLevel: number;
  /** Tiles of targetLevel that overlap the view (with prefetch margin). */
  visibleTiles: number;
  /** Their keys ("level/face/y_x"), for a check that what another stage painted is the same set. */
  visibleTileKeys: string[];
  /** Of those, how many are on the GPU. */
  visibleResident: number;
  /** Every visible tile is at targetLevel and uploaded (failed tiles excepted): the view is sharp. */
  allVisibleAtTarget: boolean;
  tilesLoaded: number;
  tilesFailed: number;
  tilesCancelled: number;
  /** Textures released to stay within the budget (not counting panoramas left behind, which are dropped whole). */
  tilesReleased: number;
  inFlight: number;
  queued: number;
  /** Textures of the panorama layers on the GPU (tiles and first views, of every live layer). */
  resident: number;
  /** Their GPU bytes (RGBA, mip chains counted), the figure the budget bounds. */
  residentBytes: number;
  /** The budget in force (Infinity when the test switch turns release off). */
  budgetBytes: number;
  deviceClass: DeviceClass;
  /** three.js's own count of live textures (renderer.info.memory.textures): markers and labels included. */
  gpuTextures: number;
  /** Frames rendered by the scene so far. */
  frames: number;
  transition: 'idle' | 'loading' | 'fading';
  xr: boolean;
  /** In XR: the eye's pixels per degree at its centre, from which the level is chosen (0 outside XR). */
  xrPixelsPerDegree: number;
}

export function createSceneStats(): SceneStats {
  return {
    panoramaId: null, firstPixels: false, targetLevel: -1, visibleTiles: 0, visibleTileKeys: [], visibleResident: 0,
    allVisibleAtTarget: false, tilesLoaded: 0, tilesFailed: 0, tilesCancelled: 0, tilesReleased: 0,
    inFlight: 0, queued: 0, resident: 0, residentBytes: 0, budgetBytes: 0, deviceClass: 'desktop', gpuTextures: 0, frames: 0, transition: 'idle',
    xr: false, xrPixelsPerDegree: 0,
  };
}

declare global {
  interface Window {
    __atriumScene?: SceneStats;
  }
}

export function publishSceneStats(stats: SceneStats): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.__atriumScene = stats;
  return () => {
    if (window.__atriumScene === stats) delete window.__atriumScene;
  };
}
