import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDownAll, migrateToLatest } from '../../src/server/db/database.ts';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';

// One contract suite, run against every dialect: a query that works on one and not the other fails here.
describe.each(DIALECTS)('repositories on %s', (dialect) => {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    t = await createTestDatabase(dialect);
    await seedTour(t.handle.db);
  });
  afterAll(async () => t?.drop());
  const repos = () => {
    if (!t) return null;
    return createRepositories(t.handle.db);
  };

  it('finds a building by id with every stored field', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    const b = await r.buildings.findById(SEED.tour);
    expect(b).toMatchObject({ id: SEED.tour, headquarterId: SEED.hq, themeColor: 'blue', showComment: 1, hidden: 0, music: 'none', musicVolume: 50, logoWidth: 200 });
    expect(await r.buildings.findById('nope')).toBeUndefined();
  });

  it('lists and counts a headquarter\'s tours without removed ones, public only on request', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    const all = await r.buildings.listByHeadquarter(SEED.hq, { limit: 10, offset: 0 }, { publicOnly: false });
    expect(all.map((b) => b.id).sort()).toEqual([SEED.hiddenTour, SEED.offlineTour, SEED.tour].sort());
    const pub = await r.buildings.listByHeadquarter(SEED.hq, { limit: 10, offset: 0 }, { publicOnly: true });
    expect(pub.map((b) => b.id)).not.toContain(SEED.hiddenTour);
    expect(await r.buildings.countByHeadquarter(SEED.hq, { publicOnly: true })).toBe(2);
    const page = await r.buildings.listByHeadquarter(SEED.hq, { limit: 1, offset: 1 }, { publicOnly: false });
    expect(page).toHaveLength(1);
    expect(await r.buildings.count()).toBe(4);
  });

  it('updates a building and moves updatedAt', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    const before = (await r.buildings.findById(SEED.tour))!;
    await new Promise((res) => setTimeout(res, 5));
    await r.buildings.update(SEED.tour, { musicVolume: 70 });
    const after = (await r.buildings.findById(SEED.tour))!;
    expect(after.musicVolume).toBe(70);
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });

  it('lists panoramas of several tours in index order and keeps floats exact', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    await r.panoramas.update(SEED.panoA, { positionX: 0.25, positionY: 0.75, initialAth: -12.5 });
    const rows = await r.panoramas.listByBuildings([SEED.tour, SEED.offlineTour]);
    expect(rows.filter((p) => p.buildingId === SEED.tour).map((p) => p.index)).toEqual([0, 1, 2, 3]);
    const a = rows.find((p) => p.id === SEED.panoA)!;
    expect([a.positionX, a.positionY, a.initialAth]).toEqual([0.25, 0.75, -12.5]);
    expect(await r.panoramas.listByBuildings([])).toEqual([]);
  });

  it('stores markers with multilingual text and custom attributes', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    const markers = await r.markers.listByBuildings([SEED.tour]);
    expect(markers).toHaveLength(5);
    const tag = markers.find((m) => m.id === 'mTag')!;
    expect(tag).toMatchObject({ nameMulti: '{"ja":"椅子"}', price: '€10', orderingProductId: 'P1', companyId: SEED.company });
  });

  it('keeps a group\'s tours in the owner\'s order', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    const list = await r.properties.buildingsOf(SEED.property);
    expect(list.map((x) => [x.index, x.building.id])).toEqual([[0, SEED.offlineTour], [1, SEED.tour], [2, SEED.hiddenTour]]);
  });

  it('finds headquarters and users ignoring case', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    expect((await r.headquarters.findByTitle('harbour estates'))?.id).toBe(SEED.hq);
    expect((await r.users.findByUsername('owner1'))?.id).toBe(SEED.user);
  });

  it('finds companies referenced by markers', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    expect((await r.companies.listReferencedByBuildings([SEED.tour])).map((c) => c.id)).toEqual([SEED.company]);
  });

  it('refuses a duplicate username and a marker on a missing panorama (constraints hold)', async (ctx) => {
    const r = repos();
    if (!r) return ctx.skip();
    await expect(r.users.insert({ id: 'dup', username: SEED.username, userType: 'owner' })).rejects.toThrow();
    await expect(
      r.markers.insertMany([{ id: 'orphan', panoramaId: 'missing', buildingId: SEED.tour, type: 'memo', ath: 0, atv: 0, category: '[]' }]),
    ).rejects.toThrow();
  });
});

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  it('go up, all the way down, and up again', async (ctx) => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return ctx.skip();
    const t = await createTestDatabase(dialect, { migrate: false });
    try {
      await migrateToLatest(t.handle.db);
      await seedTour(t.handle.db);
      await migrateDownAll(t.handle.db);
      // Only this test's own schema: other suites' PostgreSQL schemas may exist at the same moment.
      const own = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.handle.db)).rows[0]?.s : undefined;
      const tables = (await t.handle.db.introspection.getTables()).filter((x) => !own || x.schema === own).map((x) => x.name).filter((n) => !n.startsWith('kysely_'));
      expect(tables).toEqual([]);
      await migrateToLatest(t.handle.db);
      await seedTour(t.handle.db);
    } finally {
      await t.drop();
    }
  });
});
