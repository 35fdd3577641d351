import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const demoTourId = inject('demoTourId');

type View = { yaw: number; pitch: number; fov: number; gyroActive: boolean };
const view = (page: Page) =>
  page.evaluate(() => {
    const c = (window as unknown as { __atriumCamera: View }).__atriumCamera;
    return { yaw: c.yaw, pitch: c.pitch, fov: c.fov, gyroActive: c.gyroActive };
  });
const open = async (page: Page, query = '') => {
  await page.goto(`${baseUrl}/${demoTourId}?autorotate=false${query}`);
  await page.waitForFunction(() => window.__atriumScene?.firstPixels === true, undefined, { timeout: 60_000 });
};
const angleDelta = (a: number, b: number) => ((((b - a) % 360) + 540) % 360) - 180;

describe('controls a visitor uses', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('mouse: dragging turns the view with the image, the wheel zooms within limits', async () => {
    const { page, context } = await newPage(browser);
    await open(page);
    const before = await view(page);
    await page.mouse.move(800, 360);
    await page.mouse.down();
    for (let x = 800; x >= 500; x -= 30) await page.mouse.move(x, 380);
    await page.mouse.up();
    const after = await view(page);
    // dragging the image to the left brings what was on the right into view
    expect(angleDelta(before.yaw, after.yaw)).toBeGreaterThan(10);
    expect(Math.abs(after.pitch - before.pitch)).toBeLessThan(10);
    for (let i = 0; i < 30; i++) await page.mouse.wheel(0, -400);
    await page.waitForFunction(() => (window as unknown as { __atriumCamera: View }).__atriumCamera.fov <= 30.5);
    for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => (window as unknown as { __atriumCamera: View }).__atriumCamera.fov >= 119.5);
    expect((await view(page)).fov).toBeLessThanOrEqual(120);
    await context.close();
  });

  it('keyboard: arrows look around, + and - zoom, PageDown and PageUp change panorama', async () => {
    const { page, context } = await newPage(browser);
    await open(page);
    const before = await view(page);
    await page.keyboard.down('ArrowRight');
    await page.waitForTimeout(600);
    await page.keyboard.up('ArrowRight');
    expect(angleDelta(before.yaw, (await view(page)).yaw)).toBeGreaterThan(3);
    const fov = (await view(page)).fov;
    await page.keyboard.press('Equal');
    await page.keyboard.press('+');
    await page.waitForFunction((f) => (window as unknown as { __atriumCamera: View }).__atriumCamera.fov < f, fov);
    await page.keyboard.press('PageDown');
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="1"]');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    await page.waitForSelector('[data-testid="viewer"][data-panorama-index="5"]');
    await context.close();
  });

  it('touch: one finger turns, two fingers pinch to zoom', async () => {
    const { page, context } = await newPage(browser, { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    await open(page);
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<[number, number]>) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    const before = await view(page);
    await touch('touchStart', [[300, 400]]);
    for (let x = 300; x >= 100; x -= 20) await touch('touchMove', [[x, 400]]);
    await touch('touchEnd', []);
    const turned = await view(page);
    expect(angleDelta(before.yaw, turned.yaw)).toBeGreaterThan(10);
    await touch('touchStart', [[180, 400], [210, 400]]);
    for (let d = 30; d <= 270; d += 20) await touch('touchMove', [[195 - d / 2, 400], [195 + d / 2, 400]]);
    await touch('touchEnd', []);
    await page.waitForFunction((f) => (window as unknown as { __atriumCamera: View }).__atriumCamera.fov < f - 5, turned.fov);
    await context.close();
  });

  it('gyro: the toggle appears on touch devices and the phone\'s orientation then drives the view', async () => {
    const { page, context } = await newPage(browser, { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    await open(page);
    await page.click('[data-testid="gyro"]');
    await page.waitForFunction(() => (window as unknown as { __atriumCamera: View }).__atriumCamera.gyroActive);
    const yaws: number[] = [];
    for (const alpha of [0, 40]) {
      await page.evaluate((a) => window.dispatchEvent(new DeviceOrientationEvent('deviceorientation', { alpha: a, beta: 90, gamma: 0, absolute: false })), alpha);
      await page.waitForTimeout(300);
      yaws.push((await view(page)).yaw);
    }
    // turning the phone 40° to the left turns the view 40° to the left
    expect(Math.abs(Math.abs(angleDelta(yaws[0]!, yaws[1]!)) - 40)).toBeLessThan(5);
    expect(await page.getAttribute('[data-testid="gyro"]', 'aria-pressed')).toBe('true');
    await page.click('[data-testid="gyro"]');
    await page.waitForFunction(() => !(window as unknown as { __atriumCamera: View }).__atriumCamera.gyroActive);
    await context.close();
  });

  it('fullscreen: the real API where it exists, the page-filling fallback where it does not (iPhone)', async () => {
    const { page, context } = await newPage(browser);
    await open(page);
    await page.click('[data-testid="fullscreen"]');
    await page.waitForFunction(() => document.fullscreenElement !== null);
    await page.waitForSelector('[data-testid="fullscreen"][aria-pressed="true"]');
    await page.click('[data-testid="fullscreen"]');
    await page.waitForFunction(() => document.fullscreenElement === null);
    await context.close();

    const iphone = await newPage(browser);
    await iphone.page.addInitScript(() => {
      Object.defineProperty(Element.prototype, 'requestFullscreen', { value: undefined, configurable: true });
    });
    await open(iphone.page);
    await iphone.page.click('[data-testid="fullscreen"]');
    await iphone.page.waitForSelector('.atrium-viewer.is-pseudo-fullscreen');
    await iphone.page.click('[data-testid="fullscreen"]');
    await iphone.page.waitForSelector('.atrium-viewer:not(.is-pseudo-fullscreen)');
    await iphone.context.close();
  });

  it('a lost WebGL context is explained, with a way to reload', async () => {
    const { page, context } = await newPage(browser);
    await open(page);
    await page.evaluate(() => {
      const canvas = document.querySelector('canvas')!;
      const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext;
      gl.getExtension('WEBGL_lose_context')!.loseContext();
    });
    await page.waitForSelector('[data-testid="error-context-lost"]');
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(1);
    await context.close();
  });
});
