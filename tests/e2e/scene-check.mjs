// Real-browser check of the panorama scene (plain JS, no test runner):
//   node tests/e2e/scene-check.mjs            starts `vite` on localhost:5199 and checks the dev page /src/scene/dev/harness.html
//   BASE_URL=http://localhost:4173 node ...   checks an already running server (e.g. `vite preview`)
// Needs public/dev-tiles (dev tile sets from the fixture photo) and ../shared/fixtures for the pixel reference.
// Writes screenshots to OUT_DIR (default /tmp/scene-check) and exits non-zero on the first failed check.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import sharp from 'sharp';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = process.env.OUT_DIR ?? '/tmp/scene-check';
const EQUIRECT = resolve(root, '../shared/fixtures/panoramas/fishermans-bastion-equirect.jpg');
const W = 960;
const H = 540;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--enable-unsafe-swiftshader'];
mkdirSync(OUT, { recursive: true });

const results = [];
function check(name, ok, detail = '') {
  results.push({ name, ok, detail });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
  if (!ok) throw new Error(`check failed: ${name}`);
}

async function startVite() {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL, stop: () => undefined };
  const vite = join(root, 'node_modules/.bin/vite');
  const child = spawn(vite, ['--port', '5199', '--strictPort', '--host', 'localhost'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('vite did not start')), 30_000);
    child.stdout.on('data', (d) => String(d).includes('Local:') && (clearTimeout(timer), ok()));
    child.on('exit', (code) => fail(new Error(`vite exited ${code}`)));
  });
  return { base: 'http://localhost:5199', stop: () => process.kill(-child.pid, 'SIGTERM') };
}

// ---- pixel reference: the equirect source reprojected for a yaw/pitch/fov (long-side fov, see math/fov.ts)
const eq = existsSync(EQUIRECT) ? await sharp(EQUIRECT).removeAlpha().raw().toBuffer({ resolveWithObject: true }) : null;
function reference(yaw, pitch, fov) {
  const { data, info } = eq;
  const aspect = W / H;
  const tanV = Math.tan((fov * Math.PI) / 360) / aspect; // landscape: fov spans the width
  const tanH = tanV * aspect;
  const p = (pitch * Math.PI) / 180;
  const t = (-yaw * Math.PI) / 180;
  const out = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const cx = ((2 * (x + 0.5)) / W - 1) * tanH;
      const cy = (1 - (2 * (y + 0.5)) / H) * tanV;
      const [y1, z1] = [cy * Math.cos(p) + Math.sin(p), cy * Math.sin(p) - Math.cos(p)]; // Rx(pitch)
      const [x2, z2] = [cx * Math.cos(t) + z1 * Math.sin(t), -cx * Math.sin(t) + z1 * Math.cos(t)]; // Ry(-yaw)
      const ath = Math.atan2(x2, -z2);
      const atv = -Math.atan2(y1, Math.hypot(x2, z2));
      const u = (ath / (2 * Math.PI) + 0.5) * info.width - 0.5;
      const v = Math.min(Math.max((atv / Math.PI + 0.5) * info.height - 0.5, 0), info.height - 1);
      const u0 = Math.floor(u);
      const v0 = Math.floor(v);
      const fu = u - u0;
      const fv = v - v0;
      const v1 = Math.min(v0 + 1, info.height - 1);
      const ua = ((u0 % info.width) + info.width) % info.width;
      const ub = (ua + 1) % info.width;
      for (let c = 0; c < 3; c++) {
        const px = (uu, vv) => data[(vv * info.width + uu) * info.channels + c];
        out[(y * W + x) * 3 + c] = (px(ua, v0) * (1 - fu) + px(ub, v0) * fu) * (1 - fv) + (px(ua, v1) * (1 - fu) + px(ub, v1) * fu) * fv;
      }
    }
  }
  return out;
}
function meanAbsError(pngPath, ref) {
  const png = PNG.sync.read(readFileSync(pngPath));
  let sum = 0;
  for (let i = 0, j = 0; i < W * H * 4; i += 4, j += 3) {
    sum += Math.abs(png.data[i] - ref[j]) + Math.abs(png.data[i + 1] - ref[j + 1]) + Math.abs(png.data[i + 2] - ref[j + 2]);
  }
  return sum / (W * H * 3);
}
async function compareView(page, name, view) {
  await page.evaluate((v) => window.__sceneHarness.setView(v), view);
  await waitSharp(page);
  const file = join(OUT, `${name}.png`);
  await page.screenshot({ path: file });
  if (!eq) return console.log(`skip pixel check ${name}: ${EQUIRECT} missing`);
  const mae = meanAbsError(file, reference(view.yaw, view.pitch, view.fov));
  const shifted = meanAbsError(file, reference(view.yaw + 3, view.pitch, view.fov));
  check(`${name}: matches the equirect reprojection`, mae < 14 && shifted > mae * 1.3, `MAE ${mae.toFixed(1)}, 3deg off ${shifted.toFixed(1)}`);
}

const stats = (page) => page.evaluate(() => window.__atriumScene);
const harnessLog = (page) => page.evaluate(() => window.__harnessLog ?? []);
async function waitSharp(page, timeout = 60_000) {
  // settle one frame after the view change, then wait for every visible tile at the target level
  await page.waitForTimeout(100);
  await page.waitForFunction(() => window.__atriumScene?.allVisibleAtTarget && window.__atriumScene.transition === 'idle', null, { timeout });
}
async function waitLog(page, line, timeout = 30_000) {
  await page.waitForFunction((l) => (window.__harnessLog ?? []).some((x) => x.startsWith(l)), line, { timeout });
}

const server = await startVite();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
try {
  // 1. flat viewer: first pixels, streaming, exact orientation
  const page = await browser.newPage({ viewport: { width: W, height: H } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => r.status() >= 400 && console.log('  http', r.status(), r.url()));
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('GPU stall') && console.log('  console:', m.text().slice(0, 200)));
  const started = Date.now();
  await page.goto(`${server.base}/src/scene/dev/harness.html?markers=0&ui=0&fov=90`);
  await page.waitForFunction(() => window.__atriumScene?.firstPixels, null, { timeout: 30_000 });
  const firstMs = Date.now() - started;
  await page.screenshot({ path: join(OUT, '01-first-pixels.png') });
  await waitSharp(page);
  const s1 = await stats(page);
  check('first pixels, then the visible tiles at the target level', s1.allVisibleAtTarget && s1.tilesLoaded > 0, `first pixels ${firstMs} ms, level ${s1.targetLevel}, ${s1.visibleTiles} tiles`);
  await compareView(page, '02-front', { yaw: 0, pitch: 0, fov: 90 });
  await compareView(page, '03-right-down', { yaw: 90, pitch: -30, fov: 90 });
  await compareView(page, '04-back-up-zoomed', { yaw: -150, pitch: 55, fov: 40 });
  const zoomed = await stats(page);
  check('zooming in selects a sharper level', zoomed.targetLevel > s1.targetLevel, `level ${s1.targetLevel} -> ${zoomed.targetLevel}`);

  // drag, inertia and wheel
  await page.evaluate(() => window.__sceneHarness.setView({ yaw: 0, pitch: 0, fov: 90 }));
  await page.mouse.move(480, 270);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(480 + i * 20, 270);
  await page.mouse.up();
  await page.mouse.wheel(0, -300);
  const released = await page.evaluate(() => window.__sceneHarness.camera.yaw);
  await page.waitForTimeout(800);
  const cam = await page.evaluate(() => ({ ...window.__sceneHarness.camera }));
  check('drag turns the view left (grab the picture); inertia never reverses it', released < -5 && cam.yaw <= released, `yaw at release ${released.toFixed(1)}, later ${cam.yaw.toFixed(1)}`);
  check('wheel up zooms in', cam.fov < 90, `fov ${cam.fov.toFixed(1)}`);
  // arrow keys turn the view while held
  const beforeKey = await page.evaluate(() => window.__sceneHarness.camera.yaw);
  await page.keyboard.down('ArrowRight');
  await page.waitForTimeout(600);
  await page.keyboard.up('ArrowRight');
  const afterKey = await page.evaluate(() => window.__sceneHarness.camera.yaw);
  check('holding ArrowRight turns the view right', afterKey > beforeKey + 3, `${beforeKey.toFixed(1)} -> ${afterKey.toFixed(1)}`);
  check('no page errors', errors.length === 0, errors.join(' | '));
  await page.close();

  // 1a. bounded GPU memory: a 12 MB budget while panning all the way round at the top level
  const lru = await browser.newPage({ viewport: { width: W, height: H } });
  await lru.goto(`${server.base}/src/scene/dev/harness.html?markers=0&ui=0&fov=40&budgetMB=12`);
  await lru.waitForFunction(() => window.__atriumScene?.firstPixels, null, { timeout: 30_000 });
  for (let yaw = 0; yaw < 360; yaw += 45) {
    await lru.evaluate((y) => window.__sceneHarness.setView({ yaw: y, pitch: 0, fov: 40 }), yaw);
    await waitSharp(lru);
  }
  await lru.waitForTimeout(5000); // past the 4 s grace period: the scene sweeps by itself, no interaction needed
  const mem = await stats(lru);
  check('tiles that left the view are released within the budget', mem.tilesReleased > 0 && mem.residentBytes <= 12 * 1024 * 1024 + mem.visibleTiles * 1.5e6,
    `${mem.tilesLoaded} loaded, ${mem.tilesReleased} released, ${mem.resident} resident = ${(mem.residentBytes / 1048576).toFixed(1)} MB`);
  await lru.close();

  // 1c. gyro: the first reading keeps the current yaw; turning the phone left (alpha +90) turns the view left
  const gyro = await browser.newPage({ viewport: { width: 480, height: 270 } });
  await gyro.goto(`${server.base}/src/scene/dev/harness.html?markers=0&ui=0&gyro=1&yaw=30`);
  await gyro.waitForFunction(() => window.__atriumScene?.firstPixels, null, { timeout: 30_000 });
  const orient = (alpha) => gyro.evaluate((a) => window.dispatchEvent(new DeviceOrientationEvent('deviceorientation', { alpha: a, beta: 90, gamma: 0 })), alpha);
  await orient(10);
  await gyro.waitForTimeout(300);
  const g1 = await gyro.evaluate(() => ({ ...window.__sceneHarness.camera }));
  await orient(100);
  await gyro.waitForTimeout(300);
  const g2 = await gyro.evaluate(() => ({ ...window.__sceneHarness.camera }));
  check('gyro keeps the view on enable and follows the device', g1.gyroActive && Math.abs(g1.yaw - 30) < 1 && Math.abs(g2.yaw - -60) < 1,
    `yaw ${g1.yaw.toFixed(1)} -> ${g2.yaw.toFixed(1)}`);
  await gyro.close();

  // 1b. the first-view cube alone (every tile request fails): aligned, painted, and failed tiles do not block "ready"
  const blurry = await browser.newPage({ viewport: { width: W, height: H } });
  await blurry.route('**/dev-tiles/*/tiles/**', (route) => route.abort());
  await blurry.goto(`${server.base}/src/scene/dev/harness.html?markers=0&ui=0&fov=90`);
  await blurry.waitForFunction(() => window.__atriumScene?.firstPixels, null, { timeout: 30_000 });
  await blurry.waitForFunction(() => window.__atriumScene.tilesFailed > 0 && window.__atriumScene.allVisibleAtTarget, null, { timeout: 30_000 });
  const fv = join(OUT, '01b-first-view-only.png');
  await blurry.screenshot({ path: fv });
  if (eq) {
    const mae = meanAbsError(fv, reference(0, 0, 90));
    check('first-view cube alone is aligned (blurry but in place)', mae < 20, `MAE ${mae.toFixed(1)}`);
  }
  check('missing tiles still let the view count as settled', (await harnessLog(blurry)).includes('ready:pano-a'));
  await blurry.close();

  // 2. markers, teleport with transition, keyboard navigation, equirect fallback
  const tour = await browser.newPage({ viewport: { width: W, height: H } });
  await tour.goto(`${server.base}/src/scene/dev/harness.html?ui=0&fov=100&fade=2500`);
  await tour.waitForFunction(() => window.__atriumScene?.firstPixels, null, { timeout: 30_000 });
  await waitSharp(tour);
  await tour.screenshot({ path: join(OUT, '05-markers.png') });
  await tour.evaluate(() => window.__sceneHarness.setView({ yaw: 95, pitch: 0, fov: 100 }));
  await waitSharp(tour);
  await tour.screenshot({ path: join(OUT, '06-marker-icons.png') });
  await tour.evaluate(() => window.__sceneHarness.setView({ yaw: 0, pitch: -10, fov: 100 }));
  await waitSharp(tour);
  const box = await tour.locator('[data-marker-id="go-b"]').boundingBox();
  check('marker buttons follow the 3D markers', box !== null && box.width > 20, JSON.stringify(box));
  await tour.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await waitLog(tour, 'navigate:{"kind":"panorama","panoramaId":"pano-b"');
  // no black frame while switching: sample the screen until the new panorama is settled
  const darkest = [];
  for (let i = 0; i < 6; i++) {
    const shot = PNG.sync.read(await tour.screenshot({ path: join(OUT, `07-transition-${i}.png`) }));
    let sum = 0;
    for (let k = 0; k < shot.data.length; k += 4) sum += shot.data[k] + shot.data[k + 1] + shot.data[k + 2];
    darkest.push(sum / (shot.data.length / 4) / 3);
  }
  check('no black frame during the 2.5 s transition', Math.min(...darkest) > 40, `mean levels ${darkest.map((d) => d.toFixed(0)).join(' ')}`);
  await waitLog(tour, 'firstPixels:pano-b');
  await waitLog(tour, 'ready:pano-b');
  await waitSharp(tour);
  await tour.screenshot({ path: join(OUT, '08-pano-b.png') });
  const atB = await tour.evaluate(() => ({ id: window.__atriumScene.panoramaId, yaw: window.__sceneHarness.camera.yaw }));
  check('clicking a teleport marker shows the next panorama at its initial view', atB.id === 'pano-b' && Math.abs(atB.yaw - 90) < 1, JSON.stringify(atB));
  await tour.keyboard.press('PageDown');
  await waitLog(tour, 'firstPixels:pano-equirect');
  await waitSharp(tour);
  await compareView(tour, '09-equirect-fallback', { yaw: 30, pitch: 10, fov: 90 });
  await tour.keyboard.press('PageDown');
  await waitLog(tour, 'navigate:{"kind":"step","step":1');
  await tour.evaluate(() => window.__sceneHarness.setView({ yaw: 0, pitch: 0, fov: 100 }));
  await waitSharp(tour);
  await tour.keyboard.press('Tab');
  await tour.keyboard.press('Enter');
  await waitLog(tour, 'marker:');
  check('Tab + Enter activates a marker', true, (await harnessLog(tour)).filter((l) => l.startsWith('marker:')).join(','));
  await tour.close();

  // 2b. autopilot: after the 5 s idle delay, rotate 3 degrees (1.8 deg/s), then skip the bathroom (pano-b)
  const pilot = await browser.newPage({ viewport: { width: 480, height: 270 } });
  await pilot.goto(`${server.base}/src/scene/dev/harness.html?ui=0&markers=0&autopilot=1&autopilotAngle=3`);
  await pilot.waitForFunction(() => window.__atriumScene?.firstPixels, null, { timeout: 30_000 });
  await waitLog(pilot, 'navigate:{"kind":"panorama","panoramaId":"pano-equirect","reason":"autopilot"}', 30_000);
  check('autopilot rotates, then moves on skipping bathrooms', true);
  await pilot.close();

  // 3. WebXR under IWER (Meta Quest 3 emulation)
  const xr = await browser.newPage({ viewport: { width: W, height: H } });
  const require = createRequire(import.meta.url);
  await xr.addInitScript({ path: require.resolve('iwer/build/iwer.js') });
  await xr.addInitScript(() => {
    const device = new globalThis.IWER.XRDevice(globalThis.IWER.metaQuest3);
    device.installRuntime({ forceInstall: true });
    globalThis.xrDevice = device;
  });
  const external = [];
  xr.on('request', (r) => !r.url().startsWith(server.base) && !r.url().startsWith('data:') && external.push(r.url()));
  await xr.goto(`${server.base}/src/scene/dev/harness.html`);
  await xr.waitForFunction(() => window.__atriumScene?.firstPixels, null, { timeout: 30_000 });
  await xr.click('[data-testid="enter-vr"]');
  await waitLog(xr, 'vr:true');
  await xr.waitForFunction(() => window.__atriumScene?.xr && window.__atriumScene.allVisibleAtTarget, null, { timeout: 60_000 });
  const xs = await stats(xr);
  const framesBefore = xs.frames;
  await xr.waitForTimeout(2000);
  console.log(`  XR frames per second under SwiftShader: ${(((await stats(xr)).frames - framesBefore) / 2).toFixed(1)}`);
  await xr.screenshot({ path: join(OUT, '10-vr.png') });
  check('immersive VR session renders the tiles', xs.xr && xs.visibleTiles > 0, `level ${xs.targetLevel}, ${xs.visibleTiles} tiles, ${xs.resident} resident`);
  // aim the right controller at the "Walk on" teleport (ath 0, atv 20: 20 degrees below the horizon) and pull the trigger
  await xr.evaluate(() => {
    const d = globalThis.xrDevice;
    const a = (-20 * Math.PI) / 180;
    d.controllers.right.position.set(0, 1.6, -0.2);
    d.controllers.right.quaternion.set(Math.sin(a / 2), 0, 0, Math.cos(a / 2));
  });
  // the ray hovering the marker sets the pointer cursor (the marker's onPointerOver)
  await xr.waitForFunction(() => document.querySelector('canvas')?.style.cursor === 'pointer', null, { timeout: 10_000 })
    .then(() => check('controller ray hovers the marker', true), () => check('controller ray hovers the marker', false));
  await xr.evaluate(() => {
    const session = globalThis.xrDevice.activeSession;
    globalThis.selectLog = [];
    for (const t of ['selectstart', 'selectend', 'select']) session?.addEventListener(t, () => globalThis.selectLog.push(`${t}@${Math.round(performance.now())}`));
    console.log('session?', !!session);
  });
  // a click is a press shorter than the pointer library's 300 ms click threshold
  await xr.evaluate(() => globalThis.xrDevice.controllers.right.updateButtonValue('trigger', 1));
  await xr.waitForTimeout(120);
  await xr.evaluate(() => globalThis.xrDevice.controllers.right.updateButtonValue('trigger', 0));
  await waitLog(xr, 'navigate:{"kind":"panorama","panoramaId":"pano-b"', 15_000).then(
    () => check('controller ray selects a marker in VR', true),
    async () => check('controller ray selects a marker in VR', false, JSON.stringify([await harnessLog(xr), await xr.evaluate(() => globalThis.selectLog)])),
  );
  await xr.waitForFunction(() => window.__atriumScene?.panoramaId === 'pano-b' && window.__atriumScene.allVisibleAtTarget, null, { timeout: 30_000 });
  await xr.screenshot({ path: join(OUT, '11-vr-after-teleport.png') });
  await xr.evaluate(() => window.__sceneHarness.exitVR());
  await xr.waitForFunction(() => window.__atriumScene && !window.__atriumScene.xr && !window.__sceneHarness.camera.xrActive, null, { timeout: 10_000 });
  check('leaving VR restores the flat view', true);
  check('nothing fetched from other hosts (controller profiles are self-hosted)', external.length === 0, external.join(' '));
  await xr.close();
} finally {
  await browser.close();
  server.stop();
  console.log(`\n${results.filter((r) => r.ok).length}/${results.length} checks passed; screenshots in ${OUT}`);
}
