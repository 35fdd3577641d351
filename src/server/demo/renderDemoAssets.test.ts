import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKER_TYPES } from '../../protocol/constants.ts';
import { type TourDescription, TourDescriptionSchema } from '../../protocol/tourDescription.ts';
import { renderDemoAssets } from './renderDemoAssets.ts';

// Renders the whole demo once at a small width (inline, no worker threads) and checks the folder
// the importer will read.

const WIDTH = 512;
let dir = '';
let tourPath = '';
let tour: TourDescription;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-demo-'));
  tourPath = await renderDemoAssets(dir, { width: WIDTH, workers: 0 });
  tour = TourDescriptionSchema.parse(JSON.parse(await readFile(tourPath, 'utf8')));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function pixelAt(file: string, ath: number, atv: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(join(dir, file)).raw().toBuffer({ resolveWithObject: true });
  const x = Math.min(info.width - 1, Math.floor((ath / 360 + 0.5) * info.width));
  const y = Math.min(info.height - 1, Math.floor((atv / 180 + 0.5) * info.height));
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

/** The sofa's upholstery (#56646d lit indoors): blue over green over red, not bright. */
function isSlateBlue([r, g, b]: [number, number, number]): boolean {
  return b >= g && g >= r && b - r >= 5 && b < 170 && r > 15;
}

describe('renderDemoAssets', () => {
  it('writes a tour.json that parses as a tour description', () => {
    expect(tourPath).toBe(join(dir, 'tour.json'));
    expect(tour.name).toBe('Harbour House');
    expect(tour.panoramas.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(tour.nameMulti ?? {})).toEqual(expect.arrayContaining(['en', 'fr', 'ja', 'ar', 'de']));
    expect(new Set(tour.panoramas.map((p) => p.category))).toEqual(new Set(['garden', 'livingroom', 'kitchen', 'bedroom', 'study', 'bathroom']));
  });

  it('only references files that exist in the folder', () => {
    const files = new Set<string>([tour.floorplan!]);
    for (const p of tour.panoramas) {
      files.add(p.file!);
      for (const m of p.markers) {
        for (const photo of m.photos ?? []) files.add(photo);
        for (const entry of m.multitag ?? []) if (entry.photo) files.add(entry.photo);
        if (m.link && !/^https?:\/\//.test(m.link)) files.add(m.link);
      }
    }
    expect(files.size).toBeGreaterThan(20);
    for (const f of files) expect(existsSync(join(dir, f)), f).toBe(true);
  });

  it('renders equirectangular panoramas at 2:1', async () => {
    for (const p of tour.panoramas) {
      const meta = await sharp(join(dir, p.file!)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', WIDTH, WIDTH / 2]);
    }
  });

  it('joins every pair of rooms with teleports in both directions', () => {
    const links = tour.panoramas.flatMap((p) => p.markers.filter((m) => m.target).map((m) => `${p.id}>${m.target}`));
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) {
      const [from, to] = link.split('>');
      expect(links, link).toContain(`${to}>${from}`);
    }
    for (const p of tour.panoramas) {
      for (const m of p.markers.filter((mk) => mk.target)) {
        expect(m.type).toBe('point');
        expect(['leftArrow', 'leftFrontArrow', 'rightFrontArrow', 'rightArrow', 'frontArrow']).toContain(m.iconType);
        // On the threshold: below the horizon, above the camera's feet.
        expect(m.atv).toBeGreaterThan(5);
        expect(m.atv).toBeLessThan(40);
      }
    }
  });

  it('uses every marker type, with floor plan positions inside the plan', () => {
    const used = new Set(tour.panoramas.flatMap((p) => p.markers.map((m) => m.type)));
    for (const type of MARKER_TYPES.filter((t) => t !== 'teleport')) expect(used, type).toContain(type);
    for (const p of tour.panoramas) {
      expect(p.floorplanPosition!.x).toBeGreaterThan(0);
      expect(p.floorplanPosition!.y).toBeLessThan(1);
    }
  });

  it('shows the sofa where its tag points (proves the ath/atv convention)', async () => {
    const living = tour.panoramas.find((p) => p.id === 'living-room')!;
    const tag = living.markers.find((m) => m.type === 'tag')!;
    const here = await pixelAt(living.file!, tag.ath, tag.atv);
    expect(isSlateBlue(here), `sofa pixel ${here.join(',')}`).toBe(true);
    // Half a turn away lies the oak floor by the window, not the sofa.
    const behind = await pixelAt(living.file!, tag.ath + 180, tag.atv);
    expect(isSlateBlue(behind), `opposite pixel ${behind.join(',')}`).toBe(false);
  });

  it('has sky above and ground below in the garden', async () => {
    const garden = tour.panoramas.find((p) => p.id === 'garden')!;
    const [r, , b] = await pixelAt(garden.file!, 60, -70);
    expect(b).toBeGreaterThanOrEqual(r);
    expect(b).toBeGreaterThan(150);
    const [gr, gg] = await pixelAt(garden.file!, -60, 35);
    expect(gg).toBeGreaterThan(gr);
  });

  it('writes a real PDF, a short WAV and an opaque floor plan', async () => {
    const pdf = await readFile(join(dir, tour.panoramas.flatMap((p) => p.markers).find((m) => m.type === 'pdf')!.link!));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const wavPath = tour.panoramas.flatMap((p) => p.markers).find((m) => m.type === 'narration')!.link!;
    const wav = await readFile(join(dir, wavPath));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.length).toBeLessThan(300_000);
    const plan = await sharp(join(dir, tour.floorplan!)).metadata();
    expect([plan.width, plan.height]).toEqual([1200, 900]);
    expect(dirname(tour.floorplan!)).toBe('.');
  });
});
