import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudioTourSchema, StudioToursResponseSchema, UploadPanoramasResponseSchema, type StudioTour } from '../../src/protocol/studio.ts';
import { STORED_PER_UPLOADED_BYTE } from '../../src/server/modules/studio/quotas.ts';
import { createTestDatabase, DIALECTS, postgresAvailable, type TestDatabase } from './support/databases.ts';
import { signUpUser, type SignedUpUser } from './support/accounts.ts';
import { EQUIRECT, fixturesAvailable } from './support/fixtures.ts';
import { multipartBody, type PartFile } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const hasPhotos = fixturesAvailable();

describe.skipIf(!hasPhotos).each(DIALECTS)('per-account quotas on %s', (dialect) => {
  let db: TestDatabase | undefined;
  /** Two tours and two panoramas per account, no byte limit. */
  let counted: TestApp | undefined;
  /** 3 MB per account. */
  let small: TestApp | undefined;
  let owner: SignedUpUser;
  let other: SignedUpUser;
  let photo: Buffer;

  beforeAll(async () => {
    if (dialect === 'postgres' && !(await postgresAvailable())) return;
    db = await createTestDatabase(dialect);
    counted = await createTestApp(db.handle, { config: { quotas: { tours: 2, panoramas: 2, storageBytes: null } } });
    small = await createTestApp(db.handle, { config: { quotas: { tours: null, panoramas: null, storageBytes: 3e6 } } });
    owner = await signUpUser(counted.app);
    other = await signUpUser(counted.app);
    photo = fs.readFileSync(EQUIRECT);
    for (const user of [owner, other]) await counted.app.inject({ method: 'POST', url: '/v2/studio/session', headers: user.headers });
  });
  afterAll(async () => {
    await counted?.cleanup();
    await small?.cleanup();
    await db?.drop();
  });

  const call = async (t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = owner.headers) => {
    const res = await t.app.inject({ method, url, payload: payload as object | undefined, headers });
    return { status: res.statusCode, body: res.json() };
  };
  const upload = async (t: TestApp, tourId: string, files: PartFile[], headers: Record<string, string>) => {
    const body = multipartBody(files);
    const res = await t.app.inject({ method: 'POST', url: `/v2/studio/tours/${tourId}/panoramas`, payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(res.statusCode).toBe(200);
    return UploadPanoramasResponseSchema.parse(res.json()).results;
  };
  async function settled(t: TestApp, tourId: string, headers: Record<string, string>): Promise<StudioTour> {
    for (;;) {
      const tour = StudioTourSchema.parse((await call(t, 'GET', `/v2/studio/tours/${tourId}`, undefined, headers)).body);
      if (!tour.panoramas.some((p) => p.status === 'tiling')) return tour;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('refuses a tour over the limit with the limit named; a removed tour frees its place and cannot come back over it', async (ctx) => {
    if (!counted) return ctx.skip();
    const first = await call(counted, 'POST', '/v2/studio/tours', { name: 'One' });
    expect((await call(counted, 'POST', '/v2/studio/tours', { name: 'Two' })).status).toBe(200);
    const third = await call(counted, 'POST', '/v2/studio/tours', { name: 'Three' });
    expect(third).toMatchObject({ status: 409, body: { code: 'QUOTA_EXCEEDED', details: { kind: 'tours', limit: 2 }, message: expect.stringContaining('limit of 2 tours') } });
    // Another account is not held back by this one.
    expect((await call(counted, 'POST', '/v2/studio/tours', { name: 'Theirs' }, other.headers)).status).toBe(200);

    expect((await call(counted, 'DELETE', `/v2/studio/tours/${first.body.objectId}`)).status).toBe(200);
    expect((await call(counted, 'POST', '/v2/studio/tours', { name: 'Three' })).status).toBe(200);
    const restore = await call(counted, 'POST', `/v2/studio/tours/${first.body.objectId}/restore`);
    expect(restore).toMatchObject({ status: 409, body: { code: 'QUOTA_EXCEEDED' } });
    const list = StudioToursResponseSchema.parse((await call(counted, 'GET', '/v2/studio/tours')).body);
    expect(list.removed.map((t) => t.objectId)).toEqual([first.body.objectId]); // still removed, nothing lost
    expect(list.usage).toMatchObject({ tours: 2, limits: { tours: 2, panoramas: 2, storageBytes: null } });
  });

  it('takes panoramas file by file until the limit, counting those still tiling; records what each one stores', async (ctx) => {
    if (!counted) return ctx.skip();
    const tour = (await call(counted, 'POST', '/v2/studio/tours', { name: 'Bastion' }, other.headers)).body as StudioTour;
    const mirrored = await sharp(photo).flop().jpeg({ quality: 85 }).toBuffer();
    const asOther = (files: PartFile[]) => upload(counted!, tour.objectId, files, other.headers);
    const results = await asOther([
      { filename: 'north.jpg', content: photo, type: 'image/jpeg' },
      { filename: 'south.jpg', content: mirrored, type: 'image/jpeg' },
      { filename: 'east.jpg', content: photo, type: 'image/jpeg' },
    ]);
    expect(results.map((r) => [r.fileName, r.ok])).toEqual([['north.jpg', true], ['south.jpg', true], ['east.jpg', false]]);
    expect(results[2]).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'east.jpg was not added: this account has reached its limit of 2 panoramas.' });
    // While the two are still tiling, one more is refused too.
    expect((await asOther([{ filename: 'west.jpg', content: photo }]))[0]).toMatchObject({ ok: false, code: 'QUOTA_EXCEEDED' });

    await settled(counted, tour.objectId, other.headers);
    const usage = StudioToursResponseSchema.parse((await call(counted, 'GET', '/v2/studio/tours', undefined, other.headers)).body).usage;
    expect(usage.panoramas).toBe(2);
    const perUploaded = usage.storedBytes / (photo.length + mirrored.length);
    console.log(`quotas (${dialect}): 2 panoramas of ${((photo.length + mirrored.length) / 1e6).toFixed(2)} MB uploaded store ${(usage.storedBytes / 1e6).toFixed(2)} MB (${perUploaded.toFixed(2)}x; the upload check estimates ${STORED_PER_UPLOADED_BYTE}x)`);
    expect(perUploaded).toBeGreaterThan(1);
    expect(perUploaded).toBeLessThanOrEqual(STORED_PER_UPLOADED_BYTE);
  });

  it('refuses a panorama that would not fit in the stored bytes left, naming the file and what is left', async (ctx) => {
    if (!small) return ctx.skip();
    const someone = await signUpUser(small.app);
    await small.app.inject({ method: 'POST', url: '/v2/studio/session', headers: someone.headers });
    const tour = (await call(small, 'POST', '/v2/studio/tours', { name: 'Tiny' }, someone.headers)).body as StudioTour;
    const [result] = await upload(small, tour.objectId, [{ filename: 'big.jpg', content: photo }], someone.headers);
    expect(result).toMatchObject({ ok: false, code: 'QUOTA_EXCEEDED', message: expect.stringMatching(/^big\.jpg was not added: it needs about 5 MB and this account has 3 MB of its 3 MB left\.$/) });
    expect((await settled(small, tour.objectId, someone.headers)).panoramas).toEqual([]);
  });
});
