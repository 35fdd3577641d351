import fs from 'node:fs/promises';
import path from 'node:path';
import type { TileManifest } from '../protocol/tiles.ts';
import { openGlFacesToCube } from '../server/media/tiler/openGlFaces.ts';
import type { TileProgress } from '../server/media/tiler/progress.ts';
import type { TileInput } from '../server/media/tiler/tileInput.ts';
import { tilePanorama } from '../server/media/tiler/tilePanorama.ts';
import { parseArgs } from './args.ts';

const USAGE = `Usage: atrium tile <image | cube-folder> --out <dir> [--json]
  <image>        an equirectangular panorama (2:1; JPEG, PNG, WebP or TIFF)
  <cube-folder>  a folder with six OpenGL cube faces posx, negx, posy, negy, posz, negz
  --out <dir>    the folder to create (must not exist)
  --json         print the result as one JSON line`;

/** Where the command writes; replaced in tests. */
export interface CommandOutput {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Rewrite the progress line in place (a terminal) or print one line per stage (a log). */
  interactive: boolean;
}

const processOutput: CommandOutput = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  interactive: process.stderr.isTTY === true,
};

/**
 * `atrium tile <image> --out <dir> [--json]`: runs the tiler in this process (a CLI has no requests
 * to keep answering, so no worker is needed). Progress goes to stderr, the summary to stdout.
 * Returns the exit code: 0 done, 1 bad input or failure, 2 bad usage.
 */
export async function tileCommand(args: string[], out: CommandOutput = processOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs(args, ['out']);
  } catch (error) {
    out.stderr(`atrium tile: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const [source, ...extra] = parsed.positional;
  const outDir = parsed.flags.get('out');
  if (parsed.flags.has('help')) {
    out.stdout(`${USAGE}\n`);
    return 0;
  }
  if (!source || extra.length > 0 || typeof outDir !== 'string') {
    out.stderr(`${USAGE}\n`);
    return 2;
  }
  const started = performance.now();
  const progress = progressPrinter(out);
  try {
    const input = await inputFor(source);
    const manifest = await tilePanorama(input, path.resolve(outDir), { onProgress: progress.update });
    progress.end();
    const seconds = (performance.now() - started) / 1000;
    out.stdout(parsed.flags.get('json') === true ? `${JSON.stringify(summaryJson(manifest, outDir, seconds))}\n` : summaryText(manifest, source, outDir, seconds));
    return 0;
  } catch (error) {
    progress.end();
    out.stderr(`atrium tile: ${(error as Error).message}\n`);
    return 1;
  }
}

async function inputFor(source: string): Promise<TileInput> {
  const stat = await fs.stat(source).catch(() => undefined);
  return stat?.isDirectory() ? openGlFacesToCube(source) : { kind: 'equirect', file: source };
}

function tileCount(manifest: TileManifest): number {
  return 6 * manifest.levels.reduce((sum, l) => sum + l.tilesPerSide ** 2, 0);
}

function summaryJson(manifest: TileManifest, outDir: string, seconds: number) {
  return { outDir: path.resolve(outDir), seconds: Number(seconds.toFixed(2)), tiles: tileCount(manifest), manifest };
}

function summaryText(manifest: TileManifest, source: string, outDir: string, seconds: number): string {
  const { width, height, kind } = manifest.source;
  const sizes = manifest.levels.map((l) => l.faceSize).join(', ');
  return [
    `Tiled ${path.basename(source)} into ${outDir} in ${seconds.toFixed(1)} s`,
    `  source  ${width}x${height} ${kind === 'cube' ? 'cube faces' : 'equirectangular'}`,
    `  levels  ${manifest.levels.length} (face sizes ${sizes} px)`,
    `  tiles   ${tileCount(manifest)} of up to ${manifest.tileSize} px`,
    '',
  ].join('\n');
}

/** On a terminal one line updated in place; otherwise one line when each stage starts and ends. */
function progressPrinter(out: CommandOutput): { update: (p: TileProgress) => void; end: () => void } {
  let lineOpen = false;
  let lastDraw = 0;
  return {
    update: (p) => {
      const line = `${p.stage} ${p.done}/${p.total}`;
      if (!out.interactive) {
        if (p.done === 0 || p.done === p.total) out.stderr(`${line}\n`);
        return;
      }
      const now = performance.now();
      if (p.done !== p.total && now - lastDraw < 100) return;
      lastDraw = now;
      out.stderr(`\r\x1b[K${line}`);
      lineOpen = true;
    },
    end: () => {
      if (lineOpen) out.stderr('\r\x1b[K');
      lineOpen = false;
    },
  };
}
