import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegQuality, reusableSource, stripJpegMetadata } from './reusableSource.ts';

let dir = '';
const noise = (w: number, h: number) => {
  const data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251;
  return sharp(data, { raw: { width: w, height: h, channels: 3 } });
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-reuse-'));
});
afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

describe('reusableSource', () => {
  it('keeps a plain JPEG of quality 90 or less, baseline or progressive, as adjusted.jpg and desktop.jpg', async () => {
    const baseline = path.join(dir, 'baseline.jpg');
    const progressive = path.join(dir, 'progressive.jpg');
    await noise(256, 128).jpeg({ quality: 90 }).toFile(baseline);
    await noise(256, 128).jpeg({ quality: 70, progressive: true }).toFile(progressive);
    expect(await reusableSource(baseline)).toMatchObject({ adjusted: true, desktop: true });
    expect(await reusableSource(progressive)).toMatchObject({ adjusted: true, desktop: true });
  });

  it('reads the quality a JPEG was saved at', async () => {
    for (const quality of [30, 50, 75, 80, 90, 95, 100]) {
      const jpeg = await noise(64, 64).jpeg({ quality }).toBuffer();
      expect(Math.abs(jpegQuality(jpeg)! - quality), `q${quality}`).toBeLessThanOrEqual(1);
    }
  });

  it('encodes again what must change: a PNG, a rotated, colour-profiled or heavy JPEG', async () => {
    const png = path.join(dir, 'a.png');
    const rotated = path.join(dir, 'rotated.jpg');
    const profiled = path.join(dir, 'p3.jpg');
    const heavy = path.join(dir, 'q95.jpg');
    await noise(256, 128).jpeg({ quality: 95 }).toFile(heavy);
    await noise(256, 128).png().toFile(png);
    await noise(256, 128).withMetadata({ orientation: 6 }).jpeg({ progressive: true }).toFile(rotated);
    await noise(256, 128).withIccProfile('p3').jpeg({ progressive: true }).toFile(profiled);
    for (const file of [png, rotated, profiled, heavy]) expect(await reusableSource(file)).toMatchObject({ adjusted: false, desktop: false });
  });
});

describe('stripJpegMetadata', () => {
  it('drops EXIF and comments, and not one pixel changes', async () => {
    const jpeg = await noise(64, 32).withExif({ IFD0: { Copyright: 'someone', Artist: 'a camera' } }).jpeg().toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const stripped = stripJpegMetadata(jpeg);
    expect(stripped.length).toBeLessThan(jpeg.length);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect(stripped.includes('a camera')).toBe(false);
    const [a, b] = await Promise.all([jpeg, stripped].map((j) => sharp(j).raw().toBuffer()));
    expect(b!.equals(a!)).toBe(true);
  });

  it('refuses what is not a JPEG', () => {
    expect(() => stripJpegMetadata(Buffer.from('not a jpeg at all'))).toThrow(/not a JPEG/);
  });
});
