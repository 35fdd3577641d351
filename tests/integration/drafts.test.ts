import { describe, expect, it } from 'vitest';
import { DIALECTS } from './support/databases.ts';
import { SEED } from './support/seedTour.ts';
import { seededTourSuite } from './support/seededTourSuite.ts';

describe.each(DIALECTS)('draft tours: invisible to others until published, on %s', (dialect) => {
  const suite = seededTourSuite(dialect, { server: {} });
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) => {
    const res = await suite.apps.server.app.inject({ method, url, headers, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const listed = async () => (await call('GET', `/v2/buildings/ListAll?limit=100&offset=0&skipLogin=true`, { username: SEED.username })).body.buildingList.map((b: { objectId: string }) => b.objectId);

  it('existing tours stay published; a new studio tour starts as a draft that only its editors can open', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    expect((await call('GET', `/v2/buildings/openLink/${SEED.tour}`)).status).toBe(200);
    const created = await call('POST', '/v2/studio/tours', suite.owner, { name: 'Harbour loft' });
    expect(created.body).toMatchObject({ draft: true, hidden: false });
    const id = created.body.objectId as string;

    const hidden = await call('GET', `/v2/buildings/openLink/${SEED.hiddenTour}`);
    for (const headers of [{}, suite.stranger]) {
      const answer = await call('GET', `/v2/buildings/openLink/${id}`, headers);
      // The same answer as a hidden tour: nothing says a draft exists.
      expect(answer).toEqual({ status: 403, body: hidden.body });
    }
    expect((await call('GET', `/v2/buildings/openLink/${id}`, suite.owner)).body).toMatchObject({ objectId: id, name: 'Harbour loft' });
    expect(await listed()).not.toContain(id);
    expect((await call('GET', '/v2/studio/tours', suite.owner)).body.tours.find((x: { objectId: string }) => x.objectId === id)).toMatchObject({ draft: true });

    // Publishing makes it public and listed; back to draft hides it again.
    expect((await call('POST', `/v2/studio/tours/${id}/publish`, suite.owner, { published: true })).body).toMatchObject({ draft: false });
    expect((await call('GET', `/v2/buildings/openLink/${id}`)).status).toBe(200);
    expect(await listed()).toContain(id);
    await call('POST', `/v2/studio/tours/${id}/publish`, suite.owner, { published: false });
    expect((await call('GET', `/v2/buildings/openLink/${id}`, suite.stranger)).status).toBe(403);
    expect(await listed()).not.toContain(id);
    // Only the tour's editors may publish.
    expect((await call('POST', `/v2/studio/tours/${id}/publish`, suite.stranger, { published: true })).status).toBe(403);
    expect((await call('POST', `/v2/studio/tours/${id}/publish`, {}, { published: true })).status).toBe(401);
  });
});
