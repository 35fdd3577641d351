import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { checkImage, checkPanorama, ImageProblem, withFormatExtension } from './imageChecks.ts';
import type { UploadedFile } from './uploadedFiles.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-checks-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function file(name: string, bytes: Buffer, truncated = false): Promise<UploadedFile> {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return { fileName: name, path: p, truncated, bytes: bytes.length };
}
const image = (width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#88aacc' } }).toFormat(format).toBuffer();
const problem = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof ImageProblem ? { code: e.code, message: e.message } : e));

describe('upload checks (by content, never by name)', () => {
  it('accepts a 2:1 panorama within bounds, whatever its name says', async () => {
    expect(await checkPanorama(await file('room.png', await image(2048, 1024)))).toMatchObject({ width: 2048, height: 1024, format: 'jpeg' });
  });

  it('refuses each problem with a sentence naming the file', async () => {
    expect(await problem(checkPanorama(await file('cut.jpg', await image(2048, 1024), true)))).toMatchObject({ code: 'TOO_LARGE', message: expect.stringContaining('cut.jpg is larger than 60 MB') });
    expect(await problem(checkPanorama(await file('empty.jpg', Buffer.alloc(0))))).toMatchObject({ code: 'NOT_AN_IMAGE' });
    expect(await problem(checkPanorama(await file('anim.jpg', await image(2048, 1024, 'gif'))))).toMatchObject({ code: 'UNSUPPORTED_FORMAT', message: expect.stringContaining('anim.jpg is a GIF image') });
    expect(await problem(checkPanorama(await file('tiny.jpg', await image(800, 400))))).toMatchObject({ code: 'TOO_SMALL', message: expect.stringContaining('tiny.jpg is 800x400') });
    expect(await problem(checkPanorama(await file('wide.jpg', await image(2100, 1000))))).toMatchObject({ code: 'WRONG_RATIO' });
    const whole = await image(2048, 1024);
    expect(await problem(checkPanorama(await file('half.jpg', whole.subarray(0, whole.length - 200))))).toMatchObject({ code: 'CORRUPT_IMAGE', message: expect.stringContaining('half.jpg is damaged') });
  });

  it('lets logos and plans have any shape, and renames a checked file after its real format', async () => {
    const logo = await file('logo.gif', await image(300, 120, 'png'));
    const checked = await checkImage(logo, 1024 * 1024);
    expect(checked).toMatchObject({ width: 300, height: 120, format: 'png' });
    const renamed = await withFormatExtension(logo.path, checked.format);
    expect(path.basename(renamed)).toBe('logo.png');
    expect(fs.existsSync(renamed)).toBe(true);
  });
});
