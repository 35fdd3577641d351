// TypeScript modules as plain JavaScript, so `atrium tile` and the tile job's worker thread start without tsx: its
// loader (a second thread compiling every import) cost 0.25-0.5 s and 20-40 MB of a tiling job whose whole budget is a
// few times libvips' own (see tests/bench/tiles.bench.ts), and in a worker thread tsx takes 100 ms and memory of its
// own. A bundle is built with esbuild into node_modules/.cache when it is missing or any file it was built from has
// changed since (size and modification time, checked at every start: a stale bundle never runs), so there is still no
// build step to forget. Packages stay outside the bundle (sharp, zod); a module imported with import() stays a chunk
// of its own, loaded when it is needed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository: the first folder up from here with a package.json, outside node_modules (this file may be bundled into one there). */
const root = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir.split(path.sep).includes('node_modules') || !fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('codeBundle: no package.json above this file');
    dir = parent;
  }
  return dir;
})();

/**
 * The path of `entry`'s bundle (entry: a path from the repository root, or absolute), built first when needed.
 * Undefined when it cannot be built here (no esbuild, a read-only folder): the caller then loads the sources with tsx.
 */
export async function bundledFile(name, entry, cacheDir = path.join(root, 'node_modules', '.cache', 'atrium-bundles')) {
  const stampFile = path.join(cacheDir, `${name}.json`);
  try {
    return freshBundle(stampFile, cacheDir) ?? (await build(entry, name, stampFile, cacheDir));
  } catch {
    return undefined;
  }
}

/** Imports `entry` from its bundle (see bundledFile); undefined when there is none. */
export async function importBundled(name, entry, cacheDir) {
  const bundle = await bundledFile(name, entry, cacheDir);
  return bundle && import(pathToFileURL(bundle).href);
}

const stamp = (file) => {
  const stat = fs.statSync(file);
  return `${stat.size}:${stat.mtimeMs}`;
};

/**
 * This file, from the repository root: every bundle's stamp includes it, so a change in how bundles are made rebuilds
 * them. A stamp without it was written by an older builder and is stale whatever its files say.
 */
const BUILDER = 'src/server/codeBundle.mjs';

/**
 * The entry file of the last build when every file it was built from is as it was then. Each build has a folder of its
 * own (never rewritten), so two builds racing, or a build while another process runs the previous one, cannot mix.
 */
function freshBundle(stampFile, cacheDir) {
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return undefined;
  }
  // Valid JSON not in the shape build() writes (edited by hand, an older format) is stale: throwing here would make
  // every start fall back to tsx instead of building again.
  const wellFormed = typeof recorded?.bundle === 'string' && typeof recorded.inputs === 'object' && recorded.inputs;
  if (!wellFormed) return undefined;
  const bundle = path.join(cacheDir, recorded.bundle);
  const byThisBuilder = Object.hasOwn(recorded.inputs, BUILDER);
  const same = byThisBuilder && fs.existsSync(bundle) && Object.entries(recorded.inputs).every(([file, was]) => {
    try {
      return stamp(path.join(root, file)) === was;
    } catch {
      return false;
    }
  });
  return same ? bundle : undefined;
}

/**
 * sharp, a CommonJS package, loaded with require rather than import: Node's import of a CommonJS module first starts
 * the lexer that finds its exports (WebAssembly), 60-70 ms of every `atrium tile` (its whole start 0.26 -> 0.20 s,
 * 6 paired runs). Everything here imports sharp's default export only.
 */
const SHARP_BY_REQUIRE = 'sharp-by-require';
const sharpByRequire = {
  name: SHARP_BY_REQUIRE,
  setup(build) {
    build.onResolve({ filter: /^sharp$/ }, () => ({ path: 'sharp', namespace: SHARP_BY_REQUIRE }));
    build.onLoad({ filter: /.*/, namespace: SHARP_BY_REQUIRE }, () => ({
      contents: `import { createRequire } from 'node:module';\nexport default createRequire(${JSON.stringify(path.join(root, 'package.json'))})('sharp');\n`,
      loader: 'js',
    }));
  },
};

/** Builds older than this are removed by the next build (a process may still be loading a chunk of the previous one). */
const KEEP_OLD_BUILDS_MS = 60 * 60 * 1000;

async function build(entry, name, stampFile, cacheDir) {
  const { build: esbuild, stop } = await import('esbuild');
  fs.mkdirSync(cacheDir, { recursive: true });
  const started = Date.now();
  const folder = `${name}-${started}-${process.pid}`;
  // stop(): esbuild's service process would otherwise outlive the command for a moment.
  const { metafile } = await esbuild({
    absWorkingDir: root,
    entryPoints: [entry],
    outdir: path.join(cacheDir, folder),
    entryNames: name,
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    packages: 'external',
    plugins: [sharpByRequire],
    metafile: true,
    logLevel: 'silent',
  }).finally(() => stop());
  const bundle = path.join(cacheDir, folder, `${name}.mjs`);
  const files = [...Object.keys(metafile.inputs).filter((input) => !input.startsWith(`${SHARP_BY_REQUIRE}:`)), BUILDER];
  const inputs = Object.fromEntries(files.map((file) => [file, stamp(path.join(root, file))]));
  // A source edited while the build ran may not be in the bundle: leave no stamp, so the next start builds again.
  const editedMeanwhile = Object.keys(inputs).some((file) => fs.statSync(path.join(root, file)).mtimeMs >= started);
  if (!editedMeanwhile) {
    const tempStamp = `${stampFile}.${process.pid}.tmp`;
    fs.writeFileSync(tempStamp, JSON.stringify({ bundle: path.join(folder, `${name}.mjs`), inputs }));
    fs.renameSync(tempStamp, stampFile);
  }
  for (const old of fs.readdirSync(cacheDir)) {
    const when = Number(/^(.+)-(\d+)-\d+$/.exec(old)?.[2]);
    if (old.startsWith(`${name}-`) && old !== folder && started - when > KEEP_OLD_BUILDS_MS) {
      fs.rmSync(path.join(cacheDir, old), { recursive: true, force: true });
    }
  }
  return bundle;
}
