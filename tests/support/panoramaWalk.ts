import type { Page } from 'playwright-core';

/** What the scene reports about its GPU textures at one moment (window.__atriumScene, src/scene/state/sceneStats.ts). */
export interface SceneSample {
  at: number;
  panoramaId: string | null;
  residentBytes: number;
  resident: number;
  gpuTextures: number;
  budgetBytes: number;
  deviceClass: string;
  tilesReleased: number;
  tilesLoaded: number;
  sharp: boolean;
}

export const MB = 1024 * 1024;

export async function sceneSample(page: Page): Promise<SceneSample> {
  const s = await page.evaluate(() => {
    const stats = window.__atriumScene;
    if (!stats) return null;
    // Infinity does not survive the trip through JSON: -1 stands for "no budget".
    return { ...stats, budgetBytes: Number.isFinite(stats.budgetBytes) ? stats.budgetBytes : -1 };
  });
  if (!s) throw new Error('the scene publishes no stats (window.__atriumScene)');
  return {
    at: Date.now(), panoramaId: s.panoramaId, residentBytes: s.residentBytes, resident: s.resident, gpuTextures: s.gpuTextures,
    budgetBytes: s.budgetBytes < 0 ? Infinity : s.budgetBytes, deviceClass: s.deviceClass, tilesReleased: s.tilesReleased,
    tilesLoaded: s.tilesLoaded, sharp: s.allVisibleAtTarget,
  };
}

interface Camera { yaw: number; pitch: number; fov: number }
export const camera = (page: Page) =>
  page.evaluate(() => {
    const c = (window as unknown as { __atriumCamera: Camera }).__atriumCamera;
    return { yaw: c.yaw, pitch: c.pitch, fov: c.fov };
  });

const angleDelta = (a: number, b: number) => ((((b - a) % 360) + 540) % 360) - 180;

/** Waits until the scene shows another panorama than `previousId` and its first view is drawn. */
export async function waitForPanorama(page: Page, previousId: string | null, timeoutMs = 60_000): Promise<string> {
  await page.waitForFunction((prev) => {
    const s = window.__atriumScene;
    return !!s && s.panoramaId !== null && s.panoramaId !== prev && s.firstPixels && s.transition === 'idle';
  }, previousId, { timeout: timeoutMs });
  return (await sceneSample(page)).panoramaId!;
}

/** Waits until every visible tile is at the chosen level; answers false instead of throwing when time runs out. */
export async function waitSharp(page: Page, timeoutMs: number): Promise<boolean> {
  try {
    await page.waitForFunction(() => window.__atriumScene?.allVisibleAtTarget === true, undefined, { timeout: Math.max(1, timeoutMs), polling: 100 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Turns the view by about `degrees` of yaw (positive: to the right) with mouse drags, as a visitor does; a drag
 * moves the image with the pointer, so dragging to the left turns right. Inertia is waited out.
 */
export async function turn(page: Page, degrees: number, axis: 'yaw' | 'pitch' = 'yaw'): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  const cx = size.width / 2;
  const cy = size.height / 2;
  const start = await camera(page);
  const done = (c: Camera) => (axis === 'yaw' ? Math.abs(angleDelta(start.yaw, c.yaw)) : Math.abs(c.pitch - start.pitch));
  const span = Math.min(size.width, size.height) * 0.35;
  for (let i = 0; i < 12 && done(await camera(page)) < Math.abs(degrees) - 2; i++) {
    const sign = Math.sign(degrees);
    const [dx, dy] = axis === 'yaw' ? [-sign * span, 0] : [0, sign * span];
    await page.mouse.move(cx - dx / 2, cy - dy / 2);
    await page.mouse.down();
    for (let k = 1; k <= 6; k++) await page.mouse.move(cx - dx / 2 + (dx * k) / 6, cy - dy / 2 + (dy * k) / 6);
    // Hold still before letting go, so the drag leaves no inertia to spin the view past the target.
    await page.waitForTimeout(120);
    await page.mouse.up();
  }
}

/** Zooms with the wheel (one notch ~10 %) until the field of view is at most (in) or at least (out) `fov`. */
export async function zoomTo(page: Page, fov: number): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.mouse.move(size.width / 2, size.height / 2);
  const zoomIn = (await camera(page)).fov > fov;
  for (let i = 0; i < 30; i++) {
    const now = (await camera(page)).fov;
    if (zoomIn ? now <= fov : now >= fov) return;
    await page.mouse.wheel(0, zoomIn ? -200 : 200);
    await page.waitForTimeout(60);
  }
}
