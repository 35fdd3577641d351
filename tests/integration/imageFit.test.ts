import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRepositories } from '../../src/server/db/repositories.ts';
import { AuthService } from '../../src/server/modules/auth/auth.service.ts';
import { identityHeaders } from './support/accounts.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { multipartBody } from './support/multipart.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** A camera-sized picture (4000×3000 JPEG) with real content. */
const bigPhoto = () => sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#6a8caf' } })
  .composite([{ input: Buffer.from('<svg width="4000" height="3000"><circle cx="2000" cy="1500" r="1200" fill="#f4d35e"/></svg>') }]).jpeg({ quality: 90 }).toBuffer();

describe('logos and marker photos are resized on upload', () => {
  let db: TestDatabase;
  let t: TestApp;
  let owner: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle);
    const repos = createRepositories(db.handle.db);
    owner = identityHeaders(await new AuthService(repos).startSession((await repos.users.findById(SEED.user))!));
  });
  afterAll(async () => {
    await t.cleanup();
    await db.drop();
  });

  it('a 4000×3000 logo is kept at 800×600; a marker photo at 2048×1536', async () => {
    const photo = await bigPhoto();
    const logo = multipartBody([{ filename: 'logo.jpg', content: photo, field: 'file' }]);
    const tour = await t.app.inject({ method: 'PUT', url: `/v2/studio/tours/${SEED.tour}/logo`, headers: { ...owner, ...logo.headers }, payload: logo.payload });
    expect(tour.statusCode, tour.body).toBe(200);
    const logoUrl = tour.json().logoUrl as string;
    const logoFile = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(await sharp(logoFile.rawPayload).metadata()).toMatchObject({ width: 800, height: 600, format: 'jpeg' });

    const asset = multipartBody([{ filename: 'lion.jpg', content: photo, field: 'file' }]);
    const stored = await t.app.inject({ method: 'POST', url: `/v2/studio/tours/${SEED.tour}/assets?kind=photo`, headers: { ...owner, ...asset.headers }, payload: asset.payload });
    expect(stored.statusCode, stored.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: stored.json().url });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ width: 2048, height: 1536 });
    expect(stored.json().bytes).toBe(file.rawPayload.length);
  });
});
