import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/**
 * Imports one real photograph (or a tour folder) as its own tour with the `atrium import` command, into the running server's data
 * folder (SQLite; the server serves new media files at once). Answers the new tour's id.
 */
export async function importPhotoTour(opts: { repoRoot: string; dataDir: string; baseUrl: string; image: string; name: string; timeoutMs?: number }): Promise<string> {
  const { stdout } = await run(process.execPath, ['src/cli/atrium.mjs', 'import', opts.image, '--name', opts.name, '--json'], {
    cwd: opts.repoRoot,
    env: { ...process.env, DATA_DIR: opts.dataDir, PUBLIC_URL: opts.baseUrl, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    timeout: opts.timeoutMs ?? 180_000,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * 1024 * 1024,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  const { buildingId } = JSON.parse(last) as { buildingId: string };
  return buildingId;
}

/**
 * Writes a copy of an equirectangular photo scaled to `width` (Lanczos, JPEG quality 90 like the shared fixture):
 * a photo with the pixel count and about the bytes of a bigger one, for a scenario no fixture covers.
 */
export async function upscalePhoto(source: string, target: string, width: number): Promise<string> {
  await sharp(source).resize(width, width / 2, { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toFile(target);
  return target;
}
