/** What kind of device draws the panorama: it decides how much GPU memory the panorama's textures may hold. */
export type DeviceClass = 'phone' | 'desktop' | 'headset';

const MB = 1024 * 1024;

/**
 * GPU bytes the panorama layers' textures (tiles and first views of the shown and the incoming panorama) may
 * hold, per device class. A 512 px tile with its mip chain is 1.33 MB; a view needs at most the tiles it shows,
 * and the budget leaves room for about one more view around it, so turning back is often served from memory.
 * - phone (and tablet, any device whose primary pointer is a finger): 64 MB. Their GPU shares 3-6 GB with
 *   everything else, and mobile Safari and Chrome end a tab (a blank page, the visitor's tour gone) well before
 *   desktop browsers do. A portrait view at 2x needs about 25-45 MB at the top level of an 8192 px panorama.
 * - headset: 128 MB. Shared memory too, but both eyes and a wide prefetch margin (heads turn fast); the level is
 *   stepped down when what a headset keeps of it would not fit (xrLevel.ts); re-uploading tiles during a head
 *   turn costs frames at 72-90 Hz.
 * - desktop: 256 MB. Dedicated or generous shared memory; large and 2x screens need up to about 120 MB per view.
 * For scale: iTwin.js's tile admin defaults to 200 MB on mobile and 1 GB elsewhere for whole 3D models.
 */
export const TILE_BUDGET_MB: Readonly<Record<DeviceClass, number>> = { phone: 64, headset: 128, desktop: 256 };

export interface DeviceSignals {
  /** An immersive session is presenting. */
  xrPresenting: boolean;
  /** matchMedia('(pointer: coarse)'): the primary input is a finger. */
  coarsePointer: boolean;
}

export function deviceClass(signals: DeviceSignals): DeviceClass {
  if (signals.xrPresenting) return 'headset';
  return signals.coarsePointer ? 'phone' : 'desktop';
}

export function browserSignals(xrPresenting: boolean): DeviceSignals {
  const coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  return { xrPresenting, coarsePointer: coarse };
}

/**
 * Test-only switch, set by a test's init script before the viewer starts: a budget in MB in place of the device
 * class's, or release: false (the benchmark's baseline: nothing is released while a panorama is shown).
 */
export interface TileBudgetOverride {
  budgetMB?: number;
  release?: boolean;
}

declare global {
  interface Window {
    __atriumTileBudget?: TileBudgetOverride;
  }
}

/** The budget in bytes: the test switch first, then the scene option, then the device class's. */
export function tileBudgetBytes(cls: DeviceClass, optionMB?: number, override?: TileBudgetOverride): number {
  if (override?.release === false) return Infinity;
  const mb = override?.budgetMB ?? optionMB ?? TILE_BUDGET_MB[cls];
  return mb * MB;
}

export function readBudgetOverride(): TileBudgetOverride | undefined {
  return typeof window === 'undefined' ? undefined : window.__atriumTileBudget;
}
