import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tileCommand, type CommandOutput } from './tileCommand.ts';

function capture(): CommandOutput & { out: string; err: string } {
  const c = {
    out: '',
    err: '',
    interactive: false,
    stdout: (t: string) => void (c.out += t),
    stderr: (t: string) => void (c.err += t),
  };
  return c;
}

describe('atrium tile', () => {
  let work: string;
  let pano: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-tile-cli-'));
    pano = path.join(work, 'pano.jpg');
    await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#4080c0' } }).jpeg().toFile(pano);
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('tiles an image and prints a summary, progress on stderr', async () => {
    const io = capture();
    expect(await tileCommand([pano, '--out', path.join(work, 'out')], io)).toBe(0);
    expect(io.out).toMatch(/^Tiled pano\.jpg into .*out in \d+\.\d s/);
    expect(io.out).toMatch(/levels {2}1 \(face sizes 326 px\)/);
    expect(io.out).toMatch(/tiles {3}6 of up to 512 px/);
    expect(io.err).toMatch(/^validate 0\/1$/m);
    expect(io.err).toMatch(/^tiles 6\/6$/m);
    expect(await fs.readdir(path.join(work, 'out'))).toContain('manifest.json');
  });

  it('prints one JSON line with --json', async () => {
    const io = capture();
    expect(await tileCommand([pano, '--out', path.join(work, 'json'), '--json'], io)).toBe(0);
    const result = JSON.parse(io.out) as { tiles: number; outDir: string; manifest: { levels: unknown[] } };
    expect(result).toMatchObject({ tiles: 6, outDir: path.join(work, 'json') });
    expect(result.manifest.levels).toHaveLength(1);
  });

  it('exits 1 with the reason on bad input, 2 on bad usage', async () => {
    const text = path.join(work, 'notes.jpg');
    await fs.writeFile(text, 'hello');
    const bad = capture();
    expect(await tileCommand([text, '--out', path.join(work, 'bad')], bad)).toBe(1);
    expect(bad.err).toMatch(/atrium tile: notes\.jpg is not an image/);
    const usage = capture();
    expect(await tileCommand([pano], usage)).toBe(2);
    expect(usage.err).toMatch(/Usage: atrium tile/);
  });
});
