import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';

/** Issue 20's budget: index.html's scripts and everything they import statically, at most this much gzip. */
export const INITIAL_JS_BUDGET_GZIP_BYTES = 200_000;

export interface ChunkSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a visitor must download before anything runs: the scripts and modulepreloads that index.html
 * names, plus every chunk those import statically (followed transitively). Dynamic import() targets are excluded:
 * they are the features loaded on demand. Sizes are gzip at zlib's default level, as a typical server sends.
 */
export async function initialJavaScript(distDir: string): Promise<ChunkSize[]> {
  const html = await fs.readFile(path.join(distDir, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ].map((m) => m[1]!.replace(/^\//, ''));
  return withStaticImports(distDir, roots);
}

/**
 * What a lazy module costs when it is imported: the chunk the build made of `source` (a path as in the Vite manifest,
 * e.g. src/scene/PanoramaScene.tsx) and every chunk it imports statically, transitively.
 */
export async function lazyChunkJavaScript(distDir: string, source: string): Promise<ChunkSize[]> {
  const manifest = JSON.parse(await fs.readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in ${distDir}/.vite/manifest.json`);
  return withStaticImports(distDir, [entry.file]);
}

/** The given chunks (paths relative to distDir) and every chunk they import statically (followed transitively). */
async function withStaticImports(distDir: string, roots: string[]): Promise<ChunkSize[]> {
  const seen = new Set<string>();
  const queue = roots.map((root) => path.join(distDir, root));
  const sizes: ChunkSize[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await fs.readFile(file);
    sizes.push({ file: path.relative(distDir, file), rawBytes: code.length, gzipBytes: zlib.gzipSync(code).length });
    queue.push(...staticImports(code.toString('utf8')).map((spec) => path.join(path.dirname(file), spec)));
  }
  return sizes;
}

/** Relative specifiers of `import ... from "./x.js"`, `export ... from "./x.js"` and `import "./x.js"`, not `import("./x.js")`. */
export function staticImports(code: string): string[] {
  const specs = [...code.matchAll(/\b(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => m[1]!);
  return [...new Set(specs)];
}

/**
 * The npm packages a chunk carries, from its source map (the build writes one per chunk that has sources; the
 * bundler's own runtime has none): `three`, `@react-three/fiber`, ... Sources outside node_modules are left out.
 */
export async function packagesIn(distDir: string, chunk: string): Promise<string[]> {
  const code = await fs.readFile(path.join(distDir, chunk), 'utf8');
  if (!/\/\/# sourceMappingURL=/.test(code)) return [];
  const map = JSON.parse(await fs.readFile(path.join(distDir, `${chunk}.map`), 'utf8')) as { sources: string[] };
  const names = map.sources.flatMap((source) => {
    const inside = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source.replace(/\\/g, '/'));
    return inside ? [inside[1]!] : [];
  });
  return [...new Set(names)].sort();
}
