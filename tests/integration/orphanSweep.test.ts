import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { LocalMediaStorage } from '../../src/server/media/localMediaStorage.ts';
import { ORPHAN_GRACE_MS, sweepOrphanMedia } from '../../src/server/media/orphanSweep.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { EQUIRECT, fixturesAvailable } from './support/fixtures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const HOUR = 3600_000;

describe.each(DIALECTS)('media left by killed or failed jobs (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  let t: TestApp | undefined;
  let storage: LocalMediaStorage;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    t = await createTestApp(db.handle);
    storage = new LocalMediaStorage(t.mediaDir);
    const r = createRepositories(db.handle.db);
    await r.headquarters.insert({ id: 'hq', title: 'HQ', qrUrl: null, partner: 0 });
    await r.users.insert({ id: 'owner', username: 'owner', userType: 'owner', headquarterId: 'hq' });
    await r.buildings.insert({ id: 'tour', headquarterId: 'hq', ownerId: 'owner', name: 'Tour', thumbnail: '/media/panoramas/pA/v2/thumbnail.jpg' });
    const pano = (id: string, folder: string) => r.panoramas.insert({
      id, buildingId: 'tour', index: 0, name: id, category: 'others', cubemapReady: 1, mediaVersion: 'v2',
      rawUrl: `/media/panoramas/${folder}/raw-v2.jpg`, cubemapFilePath: `/media/panoramas/${folder}/v2`, cubemapUrl: `/media/panoramas/${folder}/v2/manifest.json`,
    });
    await pano('pA', 'pA');
    // A copied panorama pointing at another one's media (what seeds and copies do): pCopy's own folder does not exist.
    await pano('pCopy', 'pA');
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  const put = (relative: string, ageMs: number) => {
    const file = path.join(t!.mediaDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, relative);
    const at = new Date(Date.now() - ageMs);
    // Age the file and every folder up to the top, as a job that stopped long ago leaves them.
    for (let p = file; p.startsWith(t!.mediaDir) && p !== t!.mediaDir; p = path.dirname(p)) fs.utimesSync(p, at, at);
  };
  const exists = (relative: string) => fs.existsSync(path.join(t!.mediaDir, relative));

  it('sweeps old orphans and half-written files, never what a row references, nor what is young', async (ctx) => {
    if (!t) return ctx.skip();
    const old = ORPHAN_GRACE_MS + HOUR;
    const kept = ['panoramas/pA/v2/manifest.json', 'panoramas/pA/v2/tiles/0/f/0_0.jpg', 'panoramas/pA/v2/thumbnail.jpg', 'panoramas/pA/raw-v2.jpg',
      'panoramas/pYoung/v1.partial-1a2b3c/tiles/0/f/0_0.jpg', 'assets/unplaced-upload.jpg', 'chat/abcdefghijklmnopqrstuv.webp'];
    const swept = ['panoramas/pA/v1/manifest.json', 'panoramas/pA/raw-v1.jpg', 'panoramas/pA/v2.partial-9f8e7d/tiles/0/f/0_0.jpg',
      'panoramas/pGone/v1/manifest.json', 'panoramas/pGone/raw-v1.jpg', 'assets/photo.jpg.partial-aa11bb22'];
    for (const f of kept) put(f, f.includes('pYoung') ? 60_000 : old);
    for (const f of swept) put(f, old);

    const dated = vi.spyOn(storage, 'newestUnder');
    const report = await sweepOrphanMedia(db!.handle.db, storage);
    // What a row names is never walked to be dated (a published tile set can hold thousands of tiles).
    expect(dated.mock.calls.map(([relative]) => relative).filter((r) => r === 'panoramas/pA/v2' || r === 'panoramas/pA/raw-v2.jpg')).toEqual([]);
    dated.mockRestore();
    for (const f of kept) expect(exists(f), f).toBe(true);
    for (const f of swept) expect(exists(f), f).toBe(false);
    expect(exists('panoramas/pGone')).toBe(false);
    expect(report.removed.sort()).toEqual(['assets/photo.jpg.partial-aa11bb22', 'panoramas/pA/raw-v1.jpg', 'panoramas/pA/v1', 'panoramas/pA/v2.partial-9f8e7d',
      'panoramas/pGone/raw-v1.jpg', 'panoramas/pGone/v1'].sort());
    // Once old enough, the young leftover goes too.
    await sweepOrphanMedia(db!.handle.db, storage, { now: Date.now() + ORPHAN_GRACE_MS + HOUR });
    expect(exists('panoramas/pYoung')).toBe(false);
    expect(exists('panoramas/pA/v2/manifest.json')).toBe(true);
  });

  it('after a failed job, sweeps only that job\'s unreferenced folders, whatever their age', async (ctx) => {
    if (!t) return ctx.skip();
    put('panoramas/pFailed/v1.partial-0c0c0c/tiles/0/f/0_0.jpg', 0);
    put('panoramas/pOther/v1/manifest.json', 0);
    await sweepOrphanMedia(db!.handle.db, storage, { panoramaIds: ['pFailed', 'pA'], graceMs: 0 });
    expect(exists('panoramas/pFailed')).toBe(false);
    expect(exists('panoramas/pOther/v1/manifest.json')).toBe(true);
    expect(exists('panoramas/pA/v2/manifest.json')).toBe(true);
  });

  it('a tiling killed with SIGKILL leaves a folder that is never served and is swept at the next start', async (ctx) => {
    if (!t || !fixturesAvailable()) return ctx.skip();
    const outDir = path.join(t.mediaDir, 'panoramas', 'pKilled', 'v1');
    const child = spawn(process.execPath, ['src/cli/atrium.mjs', 'tile', EQUIRECT, '--out', outDir], { stdio: 'ignore' });
    const parent = path.dirname(outDir);
    let partial: string | undefined;
    for (let i = 0; i < 600 && !partial; i++) {
      await new Promise((r) => setTimeout(r, 50));
      partial = fs.existsSync(parent) ? fs.readdirSync(parent).find((e) => e.startsWith('v1.partial-') && fs.existsSync(path.join(parent, e, 'tiles'))) : undefined;
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(partial, 'the tiler started writing').toBeDefined();
    expect(exists('panoramas/pKilled/v1')).toBe(false);
    const leftovers = fs.readdirSync(path.join(t.mediaDir, 'panoramas/pKilled', partial!), { recursive: true }).map(String);
    const someFile = leftovers.find((f) => fs.statSync(path.join(t!.mediaDir, 'panoramas/pKilled', partial!, f)).isFile());
    if (someFile) expect((await t.app.inject({ url: `/media/panoramas/pKilled/${partial}/${someFile}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/media/panoramas/pKilled/${partial}/tiles/0/f/0_0.jpg` })).statusCode).toBe(404);

    await sweepOrphanMedia(db!.handle.db, storage, { now: Date.now() + ORPHAN_GRACE_MS + HOUR });
    expect(exists('panoramas/pKilled')).toBe(false);
    expect(exists('panoramas/pA/v2/manifest.json')).toBe(true);
  });
});
