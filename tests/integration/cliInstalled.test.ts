import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = path.resolve('src/cli/atrium.mjs');

/**
 * `npx atrium` runs src/cli/atrium.mjs through its shebang line (npm links the file itself), which sets glibc's
 * allocator and exposes gc for the tiler (see the file). That line is read by env(1), not by Node: a mistake in it
 * breaks every command, which `node atrium.mjs` (what the other CLI tests run) would not notice.
 */
describe('the atrium command, run as installed', () => {
  let work: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-cli-installed-'));
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('starts from its shebang line and tiles a panorama', async () => {
    const image = path.join(work, 'lobby.jpg');
    await sharp({ create: { width: 2048, height: 1024, channels: 3, background: '#5080a0' } }).jpeg().toFile(image);
    const { stdout } = await promisify(execFile)(CLI, ['tile', image, '--out', path.join(work, 'tiles'), '--json'], { timeout: 60_000 });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { seconds: number };
    expect(result.seconds).toBeGreaterThan(0);
    expect(JSON.parse(await fs.readFile(path.join(work, 'tiles', 'manifest.json'), 'utf8'))).toHaveProperty('levels');
  });
});
