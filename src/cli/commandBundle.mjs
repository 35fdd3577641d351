// A command's TypeScript module as one plain JavaScript file, so `atrium tile` starts without tsx: its loader (a
// second thread compiling every import) cost 0.25-0.5 s and 20-40 MB of a job whose whole budget is a few times
// libvips' own (see tests/bench/tiles.bench.ts). The bundle is built with esbuild into node_modules/.cache when it is
// missing or any file it was built from has changed since (size and modification time, checked at every start: a
// stale bundle never runs), so there is still no build step to forget. Packages stay imports (sharp, zod).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Imports `entry` (a path from the repository root) from its bundle, building it first when needed. Undefined when
 * it cannot be built here (no esbuild, a read-only folder): the caller then loads the sources through tsx.
 */
export async function importBundled(name, entry, cacheDir = path.join(root, 'node_modules', '.cache', 'atrium-cli')) {
  const bundle = path.join(cacheDir, `${name}.mjs`);
  const stampFile = `${bundle}.json`;
  try {
    if (!isFresh(bundle, stampFile)) await build(entry, bundle, stampFile, cacheDir);
  } catch {
    return undefined;
  }
  // The hash in the URL: a process that imports a rebuilt bundle gets the new module, not its cached one.
  return import(`${pathToFileURL(bundle).href}?${digest(bundle).slice(0, 16)}`);
}

const stamp = (file) => {
  const stat = fs.statSync(file);
  return `${stat.size}:${stat.mtimeMs}`;
};
const digest = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The stamp file names the bundle's hash (so two builds racing cannot pair one's bundle with the other's inputs). */
function isFresh(bundle, stampFile) {
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
    if (recorded.bundle !== digest(bundle)) return false;
  } catch {
    return false;
  }
  return Object.entries(recorded.inputs).every(([file, was]) => {
    try {
      return stamp(path.join(root, file)) === was;
    } catch {
      return false;
    }
  });
}

async function build(entry, bundle, stampFile, cacheDir) {
  const { build: esbuild, stop } = await import('esbuild');
  fs.mkdirSync(cacheDir, { recursive: true });
  const started = Date.now();
  const temp = `${bundle}.${process.pid}.tmp`;
  // stop(): esbuild's service process would otherwise outlive the command for a moment.
  const { metafile } = await esbuild({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: temp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
  }).finally(() => stop());
  const inputs = Object.fromEntries(Object.keys(metafile.inputs).map((file) => [file, stamp(path.join(root, file))]));
  fs.renameSync(temp, bundle);
  // A source edited while the build ran may not be in the bundle: leave no stamp, so the next start builds again.
  const editedMeanwhile = Object.keys(inputs).some((file) => fs.statSync(path.join(root, file)).mtimeMs >= started);
  if (editedMeanwhile) return;
  const tempStamp = `${stampFile}.${process.pid}.tmp`;
  fs.writeFileSync(tempStamp, JSON.stringify({ bundle: digest(bundle), inputs }));
  fs.renameSync(tempStamp, stampFile);
}
