import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import { freePort } from '../../support/freePort.ts';

const BASELINE_SOURCE = fileURLToPath(new URL('../baseline/', import.meta.url));

export interface BaselineSite {
  /** The site's root: add a BASELINE_PAGES path. */
  url: string;
  close(): Promise<void>;
}

/** The baseline pages, by the path they are served at. */
export const BASELINE_PAGES = { three: '/', psv: '/psv.html' } as const;
export type BaselineKind = keyof typeof BASELINE_PAGES;

/**
 * Builds tests/bench/baseline with Vite into outDir, minified and tree-shaken, as fair viewers: index.html (plain
 * three.js, a naive viewer) and psv.html (Photo Sphere Viewer 5).
 */
export async function buildBaseline(outDir: string): Promise<void> {
  await build({
    root: BASELINE_SOURCE,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000,
      rollupOptions: { input: { three: path.join(BASELINE_SOURCE, 'index.html'), psv: path.join(BASELINE_SOURCE, 'psv.html') } },
    },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * Serves the built baseline and, at /pano.jpg, the panorama's full equirectangular JPEG (the same bytes Atrium
 * serves as desktopUrl; served from this origin so WebGL may use it without CORS). Text is gzipped, as any
 * server would; the JPEG is sent as is. No cache headers: the benchmark disables the cache anyway.
 */
export async function serveBaseline(dir: string, panorama: Buffer): Promise<BaselineSite> {
  const root = path.resolve(dir);
  const gzipped = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = (req.url ?? '/').split('?')[0]!;
      if (url === '/pano.jpg') {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': panorama.length });
        res.end(panorama);
        return;
      }
      const rel = url === '/' ? 'index.html' : path.normalize(url).replace(/^[/\\]+/, '');
      const file = path.join(root, rel);
      if (!file.startsWith(root) || !(await fs.stat(file).catch(() => null))?.isFile()) {
        res.writeHead(404).end();
        return;
      }
      let body = gzipped.get(file);
      if (!body) {
        body = zlib.gzipSync(await fs.readFile(file));
        gzipped.set(file, body);
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': body.length });
      res.end(body);
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
