import type { AppDeps } from '../../src/server/app.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';

describe('GET /v2/map/settings', () => {
  let t: TestApp | null = null;
  let db: TestDatabase | null = null;
  const start = async (config?: Partial<AppDeps['config']>) => {
    db = await createTestDatabase('sqlite');
    t = await createTestApp(db.handle, { config });
    return t;
  };
  afterEach(async () => {
    await t?.cleanup();
    await db?.drop();
    t = null;
    db = null;
  });

  it('answers OpenStreetMap when nothing is configured, cacheable by browsers', async () => {
    const res = await (await start()).app.inject({ url: '/v2/map/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors', maxZoom: 19 });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers the operator\'s tile source and credit', async () => {
    const map = { tileUrl: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Example', maxZoom: 18 };
    expect((await (await start({ map })).app.inject({ url: '/v2/map/settings' })).json()).toEqual(map);
  });
});
