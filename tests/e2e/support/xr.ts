import { Quaternion, Vector3 } from 'three';
import type { Page } from 'playwright-core';

// Driving the IWER-emulated headset (support/browser.ts installIwer) in the real viewer: wait for frames, aim the
// right controller (or hand) at an in-world control found by name (window.__atriumXR.targets), pull the trigger.

type Vec = { x: number; y: number; z: number; set(...v: number[]): void };
type Input = { position: Vec; quaternion: { set(...v: number[]): void }; updateButtonValue?(n: string, v: number): void; updatePinchValue?(v: number): void };
export type Device = {
  position: Vec;
  quaternion: { set(...v: number[]): void };
  primaryInputMode: 'controller' | 'hand';
  controllers: Record<'left' | 'right', Input>;
  hands: Record<'left' | 'right', Input>;
  activeSession?: { end(): Promise<void> };
};
declare global {
  interface Window {
    xrDevice: Device;
  }
}

/**
 * Frames rendered by the scene: waiting for a number of them is how a test lets the XR frame loop run. Once the
 * session has ended the viewer renders on demand only, so the wait also ends when VR is left.
 */
export async function frames(page: Page, count: number): Promise<void> {
  const start = await page.evaluate(() => window.__atriumScene?.frames ?? 0);
  await page.waitForFunction((f) => (window.__atriumScene?.frames ?? 0) >= f || window.__atriumScene?.xr === false, start + count, { timeout: 60_000 });
}

/**
 * The emulated headset's view, CSS pixels. IWER draws the eyes into the page's own canvas, and a headset's frame
 * loop never idles, so SwiftShader draws the whole canvas every frame for as long as a session runs: at the
 * flat pages' 1280x720 that was 12 frames a second, at this size 38 (a VR spec's presses wait for frames). The
 * eye's height also picks the tile level (scene/tiles/xrLevel.ts): here the demo's 652 px one, as a 1280x720 view
 * asks 1304. Wider than the viewer's phone layout (640 px and under, overlay/overlay.css), so the toolbar keeps its one
 * row and its VR button where a desktop has it.
 */
export const HEADSET_VIEW = { width: 672, height: 378 };

/**
 * Enters VR from the toolbar and waits for the tiles around the wearer. The page takes the headset's view first,
 * while the scene may still resize its canvas (three.js refuses a new size while a session presents).
 */
export async function enterVR(page: Page): Promise<void> {
  await page.setViewportSize(HEADSET_VIEW);
  await page.waitForFunction(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="panorama-scene"] canvas');
    if (!canvas) return false;
    const dpr = Math.min(2, Math.max(1, window.devicePixelRatio));
    return canvas.clientWidth <= window.innerWidth && canvas.width === Math.round(canvas.clientWidth * dpr);
  }, undefined, { timeout: 30_000 });
  await page.click('[data-testid="vr"]');
  await page.waitForFunction(() => window.__atriumScene?.xr === true, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => (window.__atriumScene?.visibleTiles ?? 0) > 0, undefined, { timeout: 60_000 });
}

/** Waits until the in-world control `name` is placed (its chunk loaded, its panel laid out and shown). */
export async function waitForTarget(page: Page, name: string, timeout = 60_000): Promise<[number, number, number]> {
  const handle = await page.waitForFunction((n) => window.__atriumXR?.targets[n]?.() ?? null, name, { timeout });
  return (await handle.jsonValue()) as [number, number, number];
}

/** Re-aims this often at most while the control keeps moving (a menu still gaining entries, a panel easing in). */
const AIM_TRIES = 20;
/** A control within this distance (metres) of where the ray was aimed has not moved: the ray still hits it. */
const AIM_TOLERANCE = 0.002;

/**
 * Turns the right controller (or hand) so its ray points at the control `name`; returns its world centre.
 * Aims again until the control stays where it was aimed at: a feature that registers its panel late (the lounge
 * once its catalog and connection are ready) adds a menu entry and moves the entries after it by a button's width,
 * so a ray aimed once at the old place pulled the trigger on the menu's background (chat.spec.ts's headset test).
 */
export async function aimAt(page: Page, name: string, input: 'controller' | 'hand' = 'controller'): Promise<[number, number, number]> {
  let target = await waitForTarget(page, name);
  for (let tries = 1; ; tries += 1) {
    await pointAt(page, target, input);
    await frames(page, 4);
    const now = await waitForTarget(page, name);
    if (new Vector3(...now).distanceTo(new Vector3(...target)) <= AIM_TOLERANCE) return now;
    if (tries >= AIM_TRIES) throw new Error(`${name} kept moving while the ray was aimed at it`);
    target = now;
  }
}

async function pointAt(page: Page, target: [number, number, number], input: 'controller' | 'hand'): Promise<void> {
  const from = await page.evaluate((kind) => {
    const p = (kind === 'hand' ? window.xrDevice.hands : window.xrDevice.controllers).right.position;
    return [p.x, p.y, p.z] as [number, number, number];
  }, input);
  const direction = new Vector3(...target).sub(new Vector3(...from)).normalize();
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 0, -1), direction);
  await page.evaluate(([kind, quat]) => {
    const right = (kind === 'hand' ? window.xrDevice.hands : window.xrDevice.controllers).right;
    right.quaternion.set(...(quat as unknown as number[]));
  }, [input, [q.x, q.y, q.z, q.w]] as const);
}

/** A trigger pull (or pinch) shorter than the store's click threshold: one frame sees the press, the next the release. */
export async function pull(page: Page, input: 'controller' | 'hand' = 'controller'): Promise<void> {
  const set = (v: number) => page.evaluate(([kind, value]) => {
    if (kind === 'hand') window.xrDevice.hands.right.updatePinchValue!(value as number);
    else window.xrDevice.controllers.right.updateButtonValue!('trigger', value as number);
  }, [input, v] as const);
  await set(1);
  await frames(page, 2);
  await set(0);
  await frames(page, 2);
}

/** Aims at the control `name` and pulls the trigger. */
export async function press(page: Page, name: string, input: 'controller' | 'hand' = 'controller'): Promise<void> {
  await aimAt(page, name, input);
  await pull(page, input);
}

/**
 * Opens an in-world panel from the menu as a wearer does: presses its button and, if the panel did not open (a
 * late menu entry moved the button between the aim and the pull), presses again, at most three times.
 */
export async function openFromMenu(page: Page, id: string): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    await press(page, `menu:${id}`);
    const opened = await page.waitForFunction((panel) => window.__atriumXR?.openPanel === panel, id, { timeout: 10_000 }).then(() => true, () => false);
    if (opened) return;
    if (tries >= 3) throw new Error(`the ${id} panel did not open from the in-world menu after ${tries} presses`);
  }
}
