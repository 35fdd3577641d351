import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Flags that work on these machines (see ../shared/design/testing.md): SwiftShader WebGL, no network chatter. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--enable-unsafe-swiftshader', '--use-angle=swiftshader', '--ignore-gpu-blocklist',
];

/** A fake camera (a moving test pattern) and microphone (a beep), allowed without a prompt. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** Console errors a page logged; SwiftShader's readPixels stall warnings are not the app's fault. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/GPU stall due to ReadPixels/.test(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

export async function newPage(browser: Browser, opts: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, ...opts });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Pages of deep links carry the tour inline (<script id="atrium-bootstrap">). A test that rewrites the
 * openLink answer with page.route calls this first, so the viewer asks the API and sees the rewrite.
 */
export async function withoutInlineTour(page: Page): Promise<void> {
  await page.route((url) => !url.pathname.startsWith('/v') && !url.pathname.startsWith('/media') && !/\.\w+$/.test(url.pathname), async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const res = await route.fetch();
    const body = (await res.text()).replace(/<script id="atrium-bootstrap"[^>]*>.*?<\/script>/s, '');
    await route.fulfill({ response: res, body });
  });
}

/**
 * An emulated Meta Quest 3 (IWER) on the page, as window.xrDevice. Chromium always has navigator.xr, so the
 * runtime is installed with forceInstall (see ../shared/research/stack.md 1.4); serve on localhost.
 */
export async function installIwer(page: Page): Promise<void> {
  await page.addInitScript({ path: createRequire(import.meta.url).resolve('iwer/build/iwer.js') });
  await page.addInitScript(() => {
    const w = globalThis as unknown as { IWER: { XRDevice: new (c: unknown) => { installRuntime(o: object): void }; metaQuest3: unknown }; xrDevice: unknown };
    const device = new w.IWER.XRDevice(w.IWER.metaQuest3);
    device.installRuntime({ forceInstall: true });
    w.xrDevice = device;
  });
}
