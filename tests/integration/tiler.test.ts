import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUBE_FACES, TileManifestSchema, type CubeFace, type TileManifest } from '../../src/protocol/tiles.ts';
import { decodeRgb } from '../../src/server/media/tiler/decodeRgb.ts';
import { inspectEquirect } from '../../src/server/media/tiler/inspectInput.ts';
import { openGlFacesToCube } from '../../src/server/media/tiler/openGlFaces.ts';
import type { TileProgress } from '../../src/server/media/tiler/progress.ts';
import { createTileJobQueue, runTileJob } from '../../src/server/media/tiler/runTileJob.ts';
import { DEFAULT_TILE_LIMITS, type CubeFaceFile, type TileInput, type TileLimits } from '../../src/server/media/tiler/tileInput.ts';
import { TileInputError, type TileInputErrorCode } from '../../src/server/media/tiler/tileInputError.ts';
import { tilePanorama } from '../../src/server/media/tiler/tilePanorama.ts';

// Real photographs (CC BY 3.0, Emil Persson "Humus"), read in place from ../shared/fixtures.
const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/panoramas/', import.meta.url));
const EQUIRECT = path.join(FIXTURES, 'fishermans-bastion-equirect.jpg');
const FACES_DIR = path.join(FIXTURES, 'fishermans-bastion');
const haveFixtures = existsSync(EQUIRECT) && existsSync(path.join(FACES_DIR, 'negz.jpg'));
if (!haveFixtures) {
  const message = `tiler fixture tests need ${FIXTURES} (the shared panorama fixtures)`;
  // Like the PostgreSQL and Redis suites: in CI (CI set to anything) a missing fixture is a failure, never a skip.
  if (process.env.CI) throw new Error(`${message}; they are required in CI (CI=${process.env.CI})`);
  console.warn(`Skipping ${message}.`);
}

let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-tiler-'));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** Mean absolute difference of two images as 64x64 greyscale (0 = identical, ~80 = unrelated photos). */
async function difference(a: Sharp, b: Sharp): Promise<number> {
  const grey = (img: Sharp) => img.greyscale().resize(64, 64, { fit: 'fill' }).raw().toBuffer();
  const [pa, pb] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i]! - pb[i]!);
  return sum / pa.length;
}

/** A fixture face file as our table expects it (the mirror openGlFacesToCube declares applied). */
function asOurFace(file: CubeFaceFile): Sharp {
  if (typeof file === 'string') return sharp(file);
  const image = sharp(file.file);
  return file.mirror === 'horizontal' ? image.flop() : file.mirror === 'vertical' ? image.flip() : image;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

function expectedFiles(manifest: TileManifest): string[] {
  const tiles = manifest.levels.flatMap((level) =>
    manifest.faceOrder.flatMap((face) =>
      Array.from({ length: level.tilesPerSide ** 2 }, (_, i) => manifest.tileUrl
        .replace('{level}', String(level.index))
        .replace('{face}', face)
        .replace('{y}', String(Math.floor(i / level.tilesPerSide)))
        .replace('{x}', String(i % level.tilesPerSide)))));
  return ['manifest.json', manifest.firstView.url, ...Object.values(manifest.images), ...tiles].sort();
}

const tile = (dir: string, level: number, face: CubeFace, y = 0, x = 0) => path.join(dir, 'tiles', String(level), face, `${y}_${x}.jpg`);

describe.skipIf(!haveFixtures)('tilePanorama on the equirect fixture (4096x2048)', () => {
  let out: string;
  let manifest: TileManifest;
  const progress: TileProgress[] = [];

  beforeAll(async () => {
    out = path.join(work, 'equirect');
    manifest = await tilePanorama({ kind: 'equirect', file: EQUIRECT }, out, { onProgress: (p) => progress.push(p) });
  });

  it('writes a valid manifest with the specified layout', async () => {
    const onDisk = TileManifestSchema.parse(JSON.parse(await fs.readFile(path.join(out, 'manifest.json'), 'utf8')));
    expect(onDisk).toEqual(manifest);
    expect(manifest).toMatchObject({
      tileSize: 512,
      format: 'jpeg',
      faceOrder: ['f', 'r', 'b', 'l', 'u', 'd'],
      tileUrl: 'tiles/{level}/{face}/{y}_{x}.jpg',
      firstView: { url: 'first-view.jpg', faceSize: 256 },
      source: { width: 4096, height: 2048, kind: 'equirect' },
      images: { adjustedRaw: 'adjusted.jpg', desktop: 'desktop.jpg', preview: 'preview.jpg', thumbnail: 'thumb.jpg' },
    });
    // Top level keeps the source resolution: 4096 / pi = 1303.8 -> 1304, halved until one tile.
    expect(manifest.levels).toEqual([
      { index: 0, faceSize: 326, tilesPerSide: 1 },
      { index: 1, faceSize: 652, tilesPerSide: 2 },
      { index: 2, faceSize: 1304, tilesPerSide: 3 },
    ]);
  });

  it('writes exactly the files the manifest promises, and nothing beside the folder', async () => {
    expect(await listFiles(out)).toEqual(expectedFiles(manifest));
    expect((await listFiles(out)).filter((f) => f.startsWith('tiles/'))).toHaveLength(6 * (1 + 4 + 9));
    expect((await fs.readdir(work)).filter((e) => e.includes('.partial-'))).toEqual([]);
  });

  it('cuts 512 px tiles with smaller edge tiles', async () => {
    const size = async (file: string) => {
      const { width, height } = await sharp(file).metadata();
      return [width, height];
    };
    expect(await size(tile(out, 2, 'f', 0, 0))).toEqual([512, 512]);
    expect(await size(tile(out, 2, 'r', 0, 2))).toEqual([1304 - 1024, 512]);
    expect(await size(tile(out, 2, 'u', 2, 0))).toEqual([512, 280]);
    expect(await size(tile(out, 2, 'd', 2, 2))).toEqual([280, 280]);
    expect(await size(tile(out, 1, 'b', 1, 1))).toEqual([140, 140]);
    expect(await size(tile(out, 0, 'l'))).toEqual([326, 326]);
  });

  it('writes the large, preview, thumbnail and first-view images as specified', async () => {
    const meta = async (name: string) => sharp(path.join(out, name)).metadata();
    const adjusted = await meta('adjusted.jpg');
    const desktop = await meta('desktop.jpg');
    expect([adjusted.width, adjusted.height]).toEqual([4096, 2048]); // never enlarged
    expect([desktop.width, desktop.height]).toEqual([4096, 2048]);
    // The fixture is a metadata-free sRGB JPEG of quality <= 90: kept as it is, not encoded again (reusableSource.ts).
    const source = await fs.readFile(EQUIRECT);
    for (const name of ['adjusted.jpg', 'desktop.jpg']) expect((await fs.readFile(path.join(out, name))).equals(source), name).toBe(true);
    expect([(await meta('preview.jpg')).width, (await meta('preview.jpg')).height]).toEqual([400, 200]);
    expect([(await meta('thumb.jpg')).width, (await meta('thumb.jpg')).height]).toEqual([256, 256]);
    expect([(await meta('first-view.jpg')).width, (await meta('first-view.jpg')).height]).toEqual([1536, 256]);
    for (const name of ['adjusted.jpg', 'desktop.jpg', 'preview.jpg', 'thumb.jpg', 'first-view.jpg']) {
      const m = await meta(name);
      expect([m.format, m.space, m.exif, m.icc], name).toEqual(['jpeg', 'srgb', undefined, undefined]);
    }
    // The thumbnail is the front view; the first view holds the six faces in faceOrder.
    expect(await difference(sharp(path.join(out, 'thumb.jpg')), sharp(tile(out, 0, 'f')))).toBeLessThan(4);
    for (const [i, face] of manifest.faceOrder.entries()) {
      const strip = sharp(path.join(out, 'first-view.jpg')).extract({ left: i * 256, top: 0, width: 256, height: 256 });
      expect(await difference(strip, sharp(tile(out, 0, face))), face).toBeLessThan(4);
    }
  });

  it('orients every face like the fixture cube (the faces the equirect was made from)', async () => {
    const cube = await openGlFacesToCube(FACES_DIR);
    for (const face of CUBE_FACES) {
      const ours = () => sharp(tile(out, 0, face));
      const same = await difference(ours(), asOurFace(cube.faces[face]));
      expect(same, `face ${face} vs its fixture face`).toBeLessThan(8);
      for (const other of CUBE_FACES.filter((f) => f !== face)) {
        expect(await difference(ours(), asOurFace(cube.faces[other])), `face ${face} vs fixture ${other}`).toBeGreaterThan(30);
      }
      // The mirror openGlFacesToCube applies is needed: the file as it is matches much worse.
      const file = cube.faces[face] as { file: string };
      expect(await difference(ours(), sharp(file.file)), `face ${face} unmirrored`).toBeGreaterThan(3 * same);
    }
  });

  it('reports progress through every stage, up to all tiles', () => {
    const stages = [...new Set(progress.map((p) => p.stage))];
    expect(stages[0]).toBe('validate');
    expect(stages.at(-1)).toBe('publish');
    expect(stages).toEqual(expect.arrayContaining(['decode', 'reproject', 'tiles', 'images']));
    const tiles = progress.filter((p) => p.stage === 'tiles');
    expect(tiles.at(-1)).toEqual({ stage: 'tiles', done: 84, total: 84 });
    expect(tiles.map((p) => p.done)).toEqual([...tiles.map((p) => p.done)].sort((a, b) => a - b));
  });
});

describe.skipIf(!haveFixtures)('tilePanorama on the fixture cube faces (6 x 2048)', () => {
  let out: string;
  let manifest: TileManifest;

  beforeAll(async () => {
    out = path.join(work, 'cube');
    manifest = await tilePanorama(await openGlFacesToCube(FACES_DIR), out);
  });

  it('maps the OpenGL file names to our faces', async () => {
    const { faces } = await openGlFacesToCube(FACES_DIR);
    const names = Object.fromEntries(CUBE_FACES.map((f) => [f, path.basename((faces[f] as { file: string }).file, '.jpg')]));
    expect(names).toEqual({ f: 'negz', r: 'posx', b: 'posz', l: 'negx', u: 'posy', d: 'negy' });
  });

  it('tiles the faces at their own size', async () => {
    expect(manifest.levels.map((l) => l.faceSize)).toEqual([512, 1024, 2048]);
    expect(manifest.source).toEqual({ width: 2048, height: 2048, kind: 'cube' });
    expect(await listFiles(out)).toEqual(expectedFiles(manifest));
  });

  it('builds an equirect that matches the fixture equirect', async () => {
    const adjusted = await sharp(path.join(out, 'adjusted.jpg')).metadata();
    expect([adjusted.width, adjusted.height]).toEqual([6434, 3217]); // 2048 * pi, the inverse of width / pi
    // The middle quarter (looking at f), cut after scaling both to the same size.
    const centre = async (file: string) =>
      sharp(await sharp(file).resize(1024, 512, { fit: 'fill' }).extract({ left: 384, top: 128, width: 256, height: 256 }).toBuffer());
    expect(await difference(await centre(path.join(out, 'adjusted.jpg')), await centre(EQUIRECT))).toBeLessThan(5);
    // The whole image too, poles and the seam behind the viewer included.
    expect(await difference(sharp(path.join(out, 'desktop.jpg')), sharp(EQUIRECT))).toBeLessThan(5);
  });

  it('gives the same faces as tiling the equirect', async () => {
    const fromEquirect = path.join(work, 'equirect');
    for (const face of CUBE_FACES) {
      expect(await difference(sharp(tile(out, 0, face)), sharp(tile(fromEquirect, 0, face))), face).toBeLessThan(6);
    }
  });
});

/** A JPEG whose header claims width x height, without the pixels: reading it must stop at the header. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#808080' } }).jpeg().toBuffer();
  for (let i = 0; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] === 0xc0) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF0 marker');
}

async function solidImage(file: string, width: number, height: number, format: 'jpeg' | 'png' | 'gif' = 'jpeg') {
  await sharp({ create: { width, height, channels: 3, background: '#4080c0' } }).toFormat(format).toFile(file);
  return file;
}

describe('bad input is refused before anything appears', () => {
  let dir: string;
  beforeAll(async () => {
    dir = path.join(work, 'bad');
    await fs.mkdir(dir);
  });

  async function expectRefused(input: TileInput, code: TileInputErrorCode, message?: RegExp | string, limits?: Partial<TileLimits>) {
    const outDir = path.join(dir, `out-${code}-${Math.random().toString(36).slice(2)}`);
    const error = await tilePanorama(input, outDir, limits ? { limits } : {}).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(TileInputError);
    expect((error as TileInputError).code).toBe(code);
    if (typeof message === 'string') expect((error as Error).message).toBe(message);
    else if (message) expect((error as Error).message).toMatch(message);
    expect(existsSync(outDir)).toBe(false);
    expect((await fs.readdir(dir)).filter((e) => e.includes('.partial-'))).toEqual([]);
  }

  it('refuses a text file named .jpg', async () => {
    const file = path.join(dir, 'notes.jpg');
    await fs.writeFile(file, 'this is not a picture\n');
    await expectRefused({ kind: 'equirect', file }, 'NOT_AN_IMAGE', /^notes\.jpg is not an image/);
  });

  it('refuses a missing file', async () => {
    await expectRefused({ kind: 'equirect', file: path.join(dir, 'nowhere.jpg') }, 'NOT_AN_IMAGE', /nowhere\.jpg cannot be read/);
  });

  it.skipIf(!haveFixtures)('refuses a truncated JPEG instead of tiling grey', async () => {
    const whole = await fs.readFile(EQUIRECT);
    const file = path.join(dir, 'cut-short.jpg');
    await fs.writeFile(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expectRefused({ kind: 'equirect', file }, 'CORRUPT_IMAGE', /^cut-short\.jpg is damaged or incomplete/);
  });

  it('refuses a picture that is not 2:1, saying so', async () => {
    const file = await solidImage(path.join(dir, 'kitchen.jpg'), 3000, 2000);
    await expectRefused(
      { kind: 'equirect', file }, 'WRONG_RATIO',
      'kitchen.jpg is 3000x2000: an equirectangular panorama must be twice as wide as it is high (2:1)',
    );
  });

  it('refuses a header claiming more than 16384x8192 without decoding it', async () => {
    const file = path.join(dir, 'huge.jpg');
    await fs.writeFile(file, await jpegClaiming(16_400, 8_200));
    await expectRefused({ kind: 'equirect', file }, 'TOO_LARGE', /huge\.jpg is 16400x8200: the largest panorama accepted is 16384x8192/);
  });

  it.skipIf(!haveFixtures)('applies lowered limits', async () => {
    await expectRefused({ kind: 'equirect', file: EQUIRECT }, 'TOO_LARGE', /4096x2048/, { maxEquirectWidth: 2048, maxEquirectHeight: 1024 });
  });

  it('passes the pixel limit to libvips as well', async () => {
    const file = await solidImage(path.join(dir, 'limit.jpg'), 2048, 1024);
    await expect(decodeRgb(file, { maxPixels: 2048 * 1024 - 1 })).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });

  it('refuses a panorama below 1024x512', async () => {
    const file = await solidImage(path.join(dir, 'tiny.jpg'), 800, 400);
    await expectRefused({ kind: 'equirect', file }, 'TOO_SMALL', /tiny\.jpg is 800x400: a panorama must be at least 1024x512/);
  });

  it('refuses formats other than JPEG, PNG, WebP and TIFF', async () => {
    const file = await solidImage(path.join(dir, 'anim.gif'), 2048, 1024, 'gif');
    await expectRefused({ kind: 'equirect', file }, 'UNSUPPORTED_FORMAT', /anim\.gif is a GIF image/);
  });

  it('accepts a ratio within 1% of 2:1 (header check only)', async () => {
    const file = await solidImage(path.join(dir, 'almost.png'), 2040, 1024, 'png');
    await expect(inspectEquirect(file, DEFAULT_TILE_LIMITS)).resolves.toEqual({ width: 2040, height: 1024 });
  });

  describe('cube faces', () => {
    let faces: Record<CubeFace, string>;
    beforeAll(async () => {
      const entries = await Promise.all(CUBE_FACES.map(async (f) => [f, await solidImage(path.join(dir, `face-${f}.png`), 512, 512, 'png')] as const));
      faces = Object.fromEntries(entries) as Record<CubeFace, string>;
    });

    it('refuses faces of different sizes', async () => {
      const small = await solidImage(path.join(dir, 'small-face.png'), 600, 600, 'png');
      await expectRefused({ kind: 'cube', faces: { ...faces, u: small } }, 'FACES_MISMATCH', /small-face\.png \(face u\) is 600x600 but face-f\.png/);
    });

    it('refuses a face that is not square', async () => {
      const wide = await solidImage(path.join(dir, 'wide-face.png'), 600, 512, 'png');
      await expectRefused({ kind: 'cube', faces: { ...faces, r: wide } }, 'WRONG_RATIO', /wide-face\.png \(face r\) is 600x512: a cube face must be square/);
    });

    it('refuses a folder without all six OpenGL faces', async () => {
      const folder = path.join(dir, 'five-faces');
      await fs.mkdir(folder);
      for (const name of ['posx', 'negx', 'posy', 'negy', 'posz']) await fs.copyFile(faces.f, path.join(folder, `${name}.png`));
      await expect(openGlFacesToCube(folder)).rejects.toMatchObject({ code: 'FACES_MISMATCH', message: expect.stringMatching(/no negz image/) });
    });

    it.skipIf(!haveFixtures)('cleans up when a face turns out damaged after others were tiled', async () => {
      const cube = await openGlFacesToCube(FACES_DIR);
      const whole = await fs.readFile((cube.faces.l as { file: string }).file);
      const broken = path.join(dir, 'negx-broken.jpg');
      await fs.writeFile(broken, whole.subarray(0, Math.floor(whole.length * 0.7)));
      // l is the fourth face: f, r and b are tiled into the temp folder before it fails.
      await expectRefused({ kind: 'cube', faces: { ...cube.faces, l: { file: broken, mirror: 'horizontal' } } }, 'CORRUPT_IMAGE', /negx-broken\.jpg/);
    });
  });

  it('never writes into an existing folder', async () => {
    const outDir = path.join(dir, 'existing');
    await fs.mkdir(outDir);
    await fs.writeFile(path.join(outDir, 'keep.txt'), 'mine');
    await expect(tilePanorama({ kind: 'equirect', file: path.join(dir, 'kitchen.jpg') }, outDir)).rejects.toThrow(/already exists/);
    expect(await fs.readdir(outDir)).toEqual(['keep.txt']);
  });
});

describe('input that needs converting', () => {
  it('turns a photo by its EXIF orientation before checking and tiling it', async () => {
    // Stored 512x1024 (top red, bottom blue), tagged "rotate 90 clockwise": a 1024x512 panorama
    // with blue on the left and red on the right.
    const half = (colour: string) => sharp({ create: { width: 512, height: 512, channels: 3, background: colour } }).png().toBuffer();
    const file = path.join(work, 'rotated.jpg');
    await sharp({ create: { width: 512, height: 1024, channels: 3, background: '#000' } })
      .composite([{ input: await half('#ff0000'), top: 0, left: 0 }, { input: await half('#0000ff'), top: 512, left: 0 }])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toFile(file);
    const out = path.join(work, 'rotated');
    const manifest = await tilePanorama({ kind: 'equirect', file }, out);
    expect(manifest.source).toMatchObject({ width: 1024, height: 512 });
    const { data, info } = await sharp(path.join(out, 'desktop.jpg')).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1024, 512]);
    const pixel = (x: number, y: number) => [...data.subarray((y * 1024 + x) * 3, (y * 1024 + x) * 3 + 3)];
    expect(pixel(100, 256)[2]).toBeGreaterThan(200); // blue on the left
    expect(pixel(900, 256)[0]).toBeGreaterThan(200); // red on the right
    expect((await sharp(path.join(out, 'desktop.jpg')).metadata()).orientation).toBeUndefined();
  });

  it('tiles a 16-bit PNG with transparency as 8-bit RGB', async () => {
    const file = path.join(work, 'deep.png');
    await sharp({ create: { width: 1024, height: 512, channels: 4, background: { r: 40, g: 160, b: 80, alpha: 1 } } })
      .toColourspace('rgb16')
      .png()
      .toFile(file);
    expect((await sharp(file).metadata()).depth).toBe('ushort');
    const out = path.join(work, 'deep');
    await tilePanorama({ kind: 'equirect', file }, out);
    const front = await sharp(tile(out, 0, 'f')).raw().toBuffer({ resolveWithObject: true });
    expect(front.info.channels).toBe(3);
    expect([...front.data.subarray(0, 3)].map((v) => Math.round(v / 10))).toEqual([4, 16, 8]);
  });

  it('accepts WebP and TIFF', async () => {
    for (const format of ['webp', 'tiff'] as const) {
      const file = path.join(work, `pano.${format}`);
      await sharp({ create: { width: 1024, height: 512, channels: 3, background: '#336699' } }).toFormat(format).toFile(file);
      await expect(inspectEquirect(file, DEFAULT_TILE_LIMITS)).resolves.toEqual({ width: 1024, height: 512 });
    }
  });
});

describe('runTileJob: tiling in a worker thread', () => {
  let small: string;
  let larger: string;
  /** Noise, so JPEG decoding and tiling do real work, yet small enough to keep the suite quick. */
  async function noisePanorama(name: string, width: number): Promise<string> {
    const noise = Buffer.alloc(width * (width / 2) * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2_654_435_761) >>> 24;
    const file = path.join(work, name);
    await sharp(noise, { raw: { width, height: width / 2, channels: 3 } }).jpeg().toFile(file);
    return file;
  }
  beforeAll(async () => {
    small = await noisePanorama('small-pano.jpg', 1024);
    larger = await noisePanorama('larger-pano.jpg', 4096);
  });

  it.skipIf(!haveFixtures)('tiles the fixture off the calling thread and forwards progress', async () => {
    const outDir = path.join(work, 'job');
    const progress: TileProgress[] = [];
    const manifest = await runTileJob({ kind: 'equirect', file: EQUIRECT }, outDir, { onProgress: (p) => progress.push(p) });
    expect(manifest.levels.map((l) => l.faceSize)).toEqual([326, 652, 1304]);
    expect(await listFiles(outDir)).toEqual(expectedFiles(manifest));
    expect(progress.at(-1)).toEqual({ stage: 'publish', done: 1, total: 1 });
  });

  it('also starts its worker when the caller runs under tsx, as the server does', async () => {
    // The server runs `node --import tsx`; Vitest loads TypeScript its own way, so check tsx too.
    const script = path.join(work, 'under-tsx.mts');
    const runTileJobUrl = new URL('../../src/server/media/tiler/runTileJob.ts', import.meta.url).href;
    await fs.writeFile(script, [
      `import { runTileJob } from ${JSON.stringify(runTileJobUrl)};`,
      `const m = await runTileJob({ kind: 'equirect', file: ${JSON.stringify(small)} }, ${JSON.stringify(path.join(work, 'under-tsx'))});`,
      'console.log(JSON.stringify(m.levels.map((l) => l.faceSize)));',
    ].join('\n'));
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', tsx, script]);
    expect(stdout.trim()).toBe('[326]');
  });

  it('brings a TileInputError back with its code', async () => {
    const file = path.join(work, 'job-notes.jpg');
    await fs.writeFile(file, 'not a picture');
    const failure = runTileJob({ kind: 'equirect', file }, path.join(work, 'job-bad'));
    await expect(failure).rejects.toBeInstanceOf(TileInputError);
    await expect(failure).rejects.toMatchObject({ code: 'NOT_AN_IMAGE', message: expect.stringMatching(/job-notes\.jpg/) });
  });

  it('runs one job at a time by default, the next when the first is done', async () => {
    const queue = createTileJobQueue();
    const events: string[] = [];
    const job = (name: string) => queue.run({ kind: 'equirect', file: small }, path.join(work, `queued-${name}`), {
      onProgress: (p) => {
        if (p.stage === 'validate' && p.done === 0) events.push(`${name} started`);
        if (p.stage === 'publish' && p.done === 1) events.push(`${name} done`);
      },
    });
    const both = Promise.all([job('a'), job('b')]);
    expect([queue.running, queue.waiting]).toEqual([1, 1]);
    await both;
    expect(events).toEqual(['a started', 'a done', 'b started', 'b done']);
    await queue.close();
  });

  it('stops running jobs on close, leaving no folder behind', async () => {
    const queue = createTileJobQueue();
    const outDir = path.join(work, 'closed');
    const started = new Promise<void>((resolve) => {
      void queue.run({ kind: 'equirect', file: larger }, outDir, { onProgress: (p) => p.stage === 'decode' && resolve() })
        .catch(() => undefined);
    });
    const waiting = queue.run({ kind: 'equirect', file: small }, path.join(work, 'never'));
    await started;
    await queue.close();
    await expect(waiting).rejects.toThrow(/closed/);
    await expect(queue.run({ kind: 'equirect', file: small }, path.join(work, 'after'))).rejects.toThrow(/closed/);
    expect((await fs.readdir(work)).filter((e) => e.startsWith('closed') || e === 'never' || e === 'after')).toEqual([]);
  });
});
