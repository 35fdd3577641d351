import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_GZIP_BYTES, initialJavaScript, lazyChunkJavaScript, packagesIn } from '../support/initialJs.ts';

// Issue 20: the viewer's entry (index.html's script, its modulepreloads and all they import statically) stays within
// 200 kB gzip, so it is on the phone soon while the CSS poster shows; three.js, React Three Fiber, the XR and uikit
// libraries and zod arrive as lazy chunks right after (src/scene/LazyPanoramaScene.tsx). Reads the build that
// `npm run test:e2e` makes first (or ATRIUM_E2E_CLIENT_DIR's, as the global setup does); needs no browser.
const distDir = path.resolve(process.env.ATRIUM_E2E_CLIENT_DIR ?? 'dist');
const LAZY_ONLY = ['three', '@react-three/fiber', '@react-three/xr', '@react-three/uikit', '@pmndrs/uikit', '@pmndrs/xr', 'zod', 'socket.io-client', 'hls.js', 'jspdf', 'qrcode', 'minisearch', 'dompurify'];

describe('the viewer entry chunk', () => {
  it(`is at most ${INITIAL_JS_BUDGET_GZIP_BYTES / 1000} kB gzip with everything it imports statically`, async () => {
    const chunks = await initialJavaScript(distDir);
    const gzip = chunks.reduce((n, c) => n + c.gzipBytes, 0);
    const raw = chunks.reduce((n, c) => n + c.rawBytes, 0);
    console.log([
      `initial JS: ${(gzip / 1000).toFixed(1)} kB gzip (${(raw / 1000).toFixed(1)} kB minified) in ${chunks.length} files; budget ${INITIAL_JS_BUDGET_GZIP_BYTES / 1000} kB gzip`,
      ...chunks.map((c) => `  ${c.file.padEnd(48)} ${(c.gzipBytes / 1000).toFixed(1).padStart(7)} kB gzip`),
    ].join('\n'));
    expect(chunks.length, `no entry script found in ${distDir}/index.html`).toBeGreaterThan(0);
    expect(gzip, `initial JS ${(gzip / 1000).toFixed(1)} kB gzip`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP_BYTES);
  });

  it('carries none of the heavy libraries: they are lazy chunks', async () => {
    const chunks = await initialJavaScript(distDir);
    const carried = (await Promise.all(chunks.map(async (c) => (await packagesIn(distDir, c.file)).map((name) => `${name} (${c.file})`)))).flat();
    // The source maps were read: React's DOM renderer is the entry's own.
    expect(carried.some((entry) => entry.startsWith('react-dom '))).toBe(true);
    expect(carried.filter((entry) => LAZY_ONLY.some((name) => entry.startsWith(`${name} `)))).toEqual([]);
  });
});

describe('the scene chunk (what the WebGL first frame waits for)', () => {
  it('carries no zod: the scene reads its tile manifest without it (protocol/readTileManifest.ts)', async () => {
    const entry = new Set((await initialJavaScript(distDir)).map((c) => c.file));
    const chunks = (await lazyChunkJavaScript(distDir, 'src/scene/PanoramaScene.tsx')).filter((c) => !entry.has(c.file));
    const gzip = chunks.reduce((n, c) => n + c.gzipBytes, 0);
    console.log(`scene chunk with its static imports beyond the entry's: ${(gzip / 1000).toFixed(1)} kB gzip in ${chunks.length} files`);
    const packages = new Set((await Promise.all(chunks.map((c) => packagesIn(distDir, c.file)))).flat());
    expect(packages.has('three'), 'the source maps were read').toBe(true);
    expect([...packages].filter((name) => name === 'zod')).toEqual([]);
  });
});
