import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

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
