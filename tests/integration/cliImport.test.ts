import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort.ts';

const CLI = path.resolve('src/cli/atrium.mjs');

/** Runs `atrium import` as a user does, with only the variables given (and what Node needs). */
async function importImage(image: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'import', image, '--name', 'Lobby'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DEMO_TOUR: 'false', DATABASE_URL: '', ...env },
    timeout: 60_000,
  });
  return stdout;
}

describe('atrium import prints the address where the tour is seen', () => {
  let work: string;
  let image: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-cli-import-'));
    image = path.join(work, 'lobby.jpg');
    await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#5080a0' } }).jpeg().toFile(image);
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('on PORT when it is set, and on PUBLIC_URL over PORT', async () => {
    const dataDir = path.join(work, 'port');
    expect(await importImage(image, { DATA_DIR: dataDir, PORT: '8140' })).toMatch(/^Tour: http:\/\/localhost:8140\/[\w-]+$/m);
    const out = await importImage(image, { DATA_DIR: dataDir, PORT: '8140', PUBLIC_URL: 'https://tours.example.com/' });
    expect(out).toMatch(/^Tour: https:\/\/tours\.example\.com\/[\w-]+$/m);
  });

  it('without PORT or PUBLIC_URL: on the server running on the same data folder, else on the default and says so', async () => {
    const dataDir = path.join(work, 'running');
    const idle = await importImage(image, { DATA_DIR: dataDir });
    expect(idle).toMatch(/^Tour: http:\/\/localhost:8080\/[\w-]+$/m);
    expect(idle).toMatch(/no server is running on this data folder/);

    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_TOUR: 'false', DATABASE_URL: '', PUBLIC_URL: '', LOG_LEVEL: 'warn', CLIENT_DIR: work },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let printed = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server did not start:\n${printed}`)), 60_000);
        const read = (chunk: Buffer) => {
          printed += chunk.toString();
          if (!printed.includes('Atrium is running at')) return;
          clearTimeout(timer);
          resolve();
        };
        server.stdout.on('data', read);
        server.stderr.on('data', read);
      });
      expect(printed).toContain(`Atrium is running at http://localhost:${port}/`);
      const out = await importImage(image, { DATA_DIR: dataDir });
      expect(out).toMatch(new RegExp(`^Tour: http://localhost:${port}/[\\w-]+$`, 'm'));
      expect(out).not.toMatch(/no server is running/);
      const tourId = /^Tour: \S+\/([\w-]+)$/m.exec(out)![1]!;
      const tour = await (await fetch(`http://127.0.0.1:${port}/v2/buildings/openLink/${tourId}`)).json() as { name: string };
      expect(tour.name).toBe('Lobby');
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    // A stopped server forgets its address.
    expect(await importImage(image, { DATA_DIR: dataDir })).toMatch(/^Tour: http:\/\/localhost:8080\//m);
  });
});
