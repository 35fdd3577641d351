// What every baseline page publishes for tests/bench/support/measureLoad.ts (performance.now() values).
declare global {
  interface Window {
    /** The first animation frame after the panorama was drawn. */
    __baselineFirstPixels?: number;
    /** The JPEG had loaded and decoded, before upload and draw. */
    __baselineTextureLoaded?: number;
    __baselineError?: string;
  }
}

export {};
