import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/*
 * The XR libraries reach code the viewer switches off (src/scene/xr/xrStore.ts: emulate false, controller and
 * hand models false). It still costs: @pmndrs/xr's IWER emulator is a 1.3 MB chunk with a second copy of three,
 * and every three export that it or the glTF loader touches is kept in three's single module, which lives in
 * the entry chunk (~10 KB gzip of initial JS). In the production build only, both resolve to stand-ins that
 * fail if ever called; the app's own imports of three/examples are untouched.
 */
const XR_PACKAGE = /[\\/]node_modules[\\/]@(pmndrs|react-three)[\\/]xr[\\/]/;
const NO_EMULATOR = '\0atrium:no-xr-emulator';
const NO_GLTF = '\0atrium:no-xr-gltf';
function xrWithoutUnusedParts(): Plugin {
  return {
    name: 'atrium:xr-without-unused-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !XR_PACKAGE.test(importer)) return null;
      if (source === './emulate.js') return NO_EMULATOR;
      if (source === 'three/examples/jsm/loaders/GLTFLoader.js') return NO_GLTF;
      return null;
    },
    load(id) {
      if (id === NO_EMULATOR) return 'export function emulate() { throw new Error("Atrium ships without the XR emulator"); }';
      if (id === NO_GLTF) {
        return [
          'const off = () => new Error("Atrium ships without glTF controller/hand models");',
          'export class GLTFLoader {',
          '  setPath() { return this; } setCrossOrigin() { return this; } setRequestHeader() { return this; }',
          '  load(_url, _onLoad, _onProgress, onError) { if (onError) onError(off()); else throw off(); }',
          '  loadAsync() { return Promise.reject(off()); }',
          '}',
        ].join('\n');
      }
      return null;
    },
  };
}

/*
 * three is published as one bundled module (three.core.js) besides its sources, and a chunk can only take a module
 * whole: every three export that any lazy part uses (the VR layer, uikit's panels) was kept in that module, in the
 * chunk the scene's first frame waits for. Its sources (three/src, one file per class) let the bundler put each
 * class in the chunk that uses it (about 45 kB less script in front of the first frame). Build only: the dev
 * server and the unit tests keep the published module.
 */
function threeFromSources(): Plugin {
  return {
    name: 'atrium:three-from-sources',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      return source === 'three' ? this.resolve('three/src/Three.js', importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/*
 * The page's Content-Security-Policy allows no eval. zod 4 compiles object parsers with `new Function` when it can and
 * decides when a schema is built, so `jitless` must be set before any module builds one; without it the probe alone is
 * a reported violation. zod is not in the entry chunk (it loads with the scene and other lazy chunks, issue 20), so no
 * single early import can do it: every `import ... from 'zod'` in the client resolves to this module instead, which
 * sets the switch and re-exports zod, and ES module order runs it before the importing module builds anything.
 */
const ZOD_JITLESS = '\0atrium:zod-jitless';
function zodJitless(): Plugin {
  return {
    name: 'atrium:zod-jitless',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'zod' && importer !== ZOD_JITLESS ? ZOD_JITLESS : null;
    },
    load(id) {
      if (id !== ZOD_JITLESS) return null;
      return ["import { z } from 'zod';", 'z.config({ jitless: true });', "export * from 'zod';", "export { z, default } from 'zod';"].join('\n');
    },
  };
}

/*
 * Brotli at quality 10 and gzip -9, written beside each built file of 10 kB or more and served as they are
 * (@fastify/static's preCompressed, staticRoutes.ts). On the fly the server can afford brotli 4 only, which packs
 * script no better than gzip: the scene's three.js/R3F chunk is 192 kB that way and 161 kB here, the entry (with all
 * it imports statically) 119 and 102 kB, on the phone's link in front of the first WebGL frame. Quality 10, not 11:
 * for these files 11 is 1.8 % smaller for 2.5x the CPU (4.9 s against 2.0 s), and every `npm start` builds. Smaller
 * files stay with on-the-fly compression (brotli spends milliseconds per file whatever its size, and gains little
 * there). Not .vite/: the manifest is the server's (catalogPreload.ts), never sent to a browser. Two at a time: 2 cores.
 */
const BROTLI_QUALITY = 10;
const PRECOMPRESSED_MIN_BYTES = 10 * 1024;
function precompressed(): Plugin {
  return compression({
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
      defineAlgorithm('gzip', { level: zlib.constants.Z_BEST_COMPRESSION }),
    ],
    include: /\.(js|css|json|svg)$/,
    exclude: /(^|[\\/])\.vite[\\/]/,
    threshold: PRECOMPRESSED_MIN_BYTES,
    skipIfLargerOrEqual: true,
    scheduler: { limit: 2 },
    logLevel: 'silent',
  });
}

// The client build. The Fastify server serves dist/ and answers deep links with index.html.
export default defineConfig({
  plugins: [react(), xrWithoutUnusedParts(), zodJitless(), threeFromSources(), precompressed()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads .vite/manifest.json to preload the visitor's language catalog with the page.
    manifest: true,
    sourcemap: true,
    // Initial JS is ~1.1 MB minified (three's renderer, React, R3F); lazy chunks stay far below.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // @react-three/uikit registers each component under its class name (Component.name): a minifier that
        // renames classes gives them all the same name, and a Container is then built as an Image.
        keepNames: true,
        // Every module the entry imports statically in one chunk. Left to itself the bundler split off each module
        // that a lazy chunk shares (React's JSX runtime, valtio, the camera store, a few constants): ten files of
        // 0.2-3 kB that held four of HTTP/1.1's six connections for a round trip each, so the poster's tiles and the
        // scene's files waited behind them on a phone's link.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    // `npm run dev:client` proxies the API to a running `npm start`.
    proxy: { '/v1': 'http://localhost:8080', '/v2': 'http://localhost:8080', '/media': 'http://localhost:8080' },
  },
});
