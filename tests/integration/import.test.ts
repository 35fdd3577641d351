import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LocalMediaStorage } from '../../src/server/media/localMediaStorage.ts';
import { createTileJobQueue, type TileJobQueue } from '../../src/server/media/tiler/index.ts';
import { importTour, type ImportDeps } from '../../src/server/import/importTour.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { TourSchema } from '../../src/protocol/tour.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { createTestApp } from './support/testApp.ts';
import { EQUIRECT, fixturesAvailable } from './support/fixtures.ts';

const haveFixtures = fixturesAvailable();

describe.skipIf(!haveFixtures)('importing tours from the real photograph', () => {
  let db: TestDatabase;
  let queue: TileJobQueue;
  let work: string;
  let deps: ImportDeps;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    queue = createTileJobQueue();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-import-'));
    const storage = new LocalMediaStorage(path.join(work, 'media'));
    deps = { database: db.handle, storage, tile: (i, o, opts) => queue.run(i, o, opts) };
    // A small tour folder: the photograph twice (as two rooms), a plan and a product photo.
    const tour = path.join(work, 'tour');
    fs.mkdirSync(tour);
    await sharp(EQUIRECT).resize(2048, 1024).jpeg({ quality: 85 }).toFile(path.join(tour, 'a.jpg'));
    await sharp(EQUIRECT).resize(2048, 1024).flop().jpeg({ quality: 85 }).toFile(path.join(tour, 'b.jpg'));
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#eeeeee' } }).png().toFile(path.join(tour, 'plan.png'));
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3300' } }).jpeg().toFile(path.join(tour, 'chair.jpg'));
    fs.writeFileSync(path.join(tour, 'tour.json'), JSON.stringify({
      name: 'Bastion', floorplan: 'plan.png', credits: 'Emil Persson (CC BY 3.0)',
      panoramas: [
        { id: 'a', file: 'a.jpg', name: 'Terrace', category: 'outdoors', initialView: { ath: 20, atv: -5 }, floorplanPosition: { x: 0.2, y: 0.5 },
          markers: [{ type: 'point', iconType: 'rightArrow', ath: 90, atv: 10, target: 'b' }, { type: 'tag', ath: 0, atv: 0, name: 'Chair', photos: ['chair.jpg'], price: '€5' }] },
        { id: 'b', file: 'b.jpg', name: 'Tower', category: 'tower-room', markers: [{ type: 'point', ath: 270, atv: 10, target: 'a' }] },
      ],
    }));
  });
  afterAll(async () => {
    await queue.close();
    await db.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('imports a folder: tiles, assets and rows that the read API serves', async () => {
    const progress: string[] = [];
    const { buildingId, panoramaIds } = await importTour(deps, path.join(work, 'tour'), { onProgress: (p) => progress.push(p.stage) });
    expect(panoramaIds).toHaveLength(2);
    expect(progress).toContain('tiles');
    const t = await createTestApp(db.handle);
    try {
      const res = await t.app.inject({ url: `/v2/buildings/openLink/${buildingId}` });
      const tour = TourSchema.parse(res.json());
      expect(tour.name).toBe('Bastion');
      expect(tour.meta).toEqual({ credits: 'Emil Persson (CC BY 3.0)' });
      expect(tour.floorplanSize).toEqual({ width: 400, height: 300 });
      const [a, b] = tour.panoramas;
      expect(a).toMatchObject({ name: 'Terrace', category: 'outdoors', cubemapReady: true, initialView: { ath: 20, atv: -5 }, position: { x: 0.2, y: 0.5 } });
      expect(b).toMatchObject({ category: 'custom', customCategory: 'tower-room' });
      const teleport = a!.markers.find((m) => m.type === 'point')!;
      expect(teleport).toMatchObject({ nextPanoramaId: b!.objectId, nextBuildingId: buildingId, iconType: 'rightArrow' });
      // 270 is given as 0..360 and comes back as -90
      expect(b!.markers[0]!.position.ath).toBe(-90);
      const tag = a!.markers.find((m) => m.type === 'tag')!;
      expect(tag.photo).toMatch(/^\/media\/assets\/[\w-]+\.jpg$/);
      for (const url of [a!.cubemapUrl!, a!.cubemapPreivewUrl!, a!.thumbnail!, a!.previewUrl!, a!.desktopUrl!, a!.adjustedRawUrl!, a!.rawUrl!, tag.photo!, tour.floorplan!]) {
        expect(fs.existsSync(path.join(work, url.replace(/^\/media\//, 'media/'))), url).toBe(true);
      }
    } finally {
      await t.cleanup();
    }
  });

  it('imports a single image', async () => {
    const { buildingId } = await importTour(deps, path.join(work, 'tour', 'a.jpg'), { name: 'Just one' });
    const b = await createRepositories(db.handle.db).buildings.findById(buildingId);
    expect(b?.name).toBe('Just one');
  });

  it('leaves nothing behind when one panorama is bad: no rows, no media, a message naming the file', async () => {
    const bad = path.join(work, 'bad');
    fs.mkdirSync(bad);
    fs.copyFileSync(path.join(work, 'tour', 'a.jpg'), path.join(bad, 'good.jpg'));
    fs.writeFileSync(path.join(bad, 'broken.jpg'), fs.readFileSync(path.join(work, 'tour', 'b.jpg')).subarray(0, 5000));
    const repos = createRepositories(db.handle.db);
    const before = await repos.buildings.count();
    const mediaBefore = fs.readdirSync(path.join(work, 'media', 'panoramas')).length;
    await expect(importTour(deps, bad)).rejects.toThrow(/broken\.jpg/);
    expect(await repos.buildings.count()).toBe(before);
    expect(fs.readdirSync(path.join(work, 'media', 'panoramas'))).toHaveLength(mediaBefore);
  });
});
