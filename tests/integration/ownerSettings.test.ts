import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { OWNER_SETTINGS_DEFAULTS } from '../../src/protocol/ownerSettings.ts';
import { DIALECTS } from './support/databases.ts';
import { SEED } from './support/seedTour.ts';
import { seededTourSuite } from './support/seededTourSuite.ts';

/**
 * The owner settings of spec section 6: set by the owner alone through PUT /v2/users/{id}/customSetting, read back in
 * the public profile and in openLink's tour. Two apps over one database stand for two server processes: the reader
 * has the tour cached before each change, so a change that did not reach its cache would show as a stale answer.
 */
describe.each(DIALECTS)('owner settings: set by the owner, shown in the profile and the tour (%s)', (dialect) => {
  const suite = seededTourSuite(dialect, { writer: {}, reader: {} });

  const put = async (payload: unknown, headers: Record<string, string> = suite.owner, id: string = SEED.user) => {
    const res = await suite.apps.writer.app.inject({ method: 'PUT', url: `/v2/users/${id}/customSetting`, headers, payload: payload as object });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const profile = async () => (await suite.apps.reader.app.inject({ method: 'GET', url: `/v2/users/${SEED.user}/publicProfile` })).json<{ customSetting: unknown }>().customSetting;
  const open = (headers: Record<string, string> = {}) => suite.apps.reader.app.inject({ method: 'GET', url: `/v2/buildings/openLink/${SEED.tour}`, headers });
  const tourSettings = async () => (await open()).json<{ ownerSettings: unknown }>().ownerSettings;

  it('starts with statistics on and the three features off, in the profile and the tour', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    expect(await profile()).toEqual({ analytics: true, themePicker: false, showPromotionHeader: false, useAutopilot: false });
    expect(await tourSettings()).toEqual(OWNER_SETTINGS_DEFAULTS);
  });

  it('saves each switch on its own; the profile and the cached tour (new ETag) show it at once', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    const before = await open();
    const etag = String(before.headers.etag);
    expect((await open({ 'if-none-match': etag })).statusCode).toBe(304);

    const saved = await put({ themePicker: true });
    expect(saved).toEqual({ status: 200, body: { analytics: true, themePicker: true, showPromotionHeader: false, useAutopilot: false } });
    const changed = await open({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ ownerSettings: unknown }>().ownerSettings).toEqual(saved.body);

    expect((await put({ showPromotionHeader: true, useAutopilot: true })).body).toEqual({ analytics: true, themePicker: true, showPromotionHeader: true, useAutopilot: true });
    expect((await put({ analytics: false })).body).toEqual({ analytics: false, themePicker: true, showPromotionHeader: true, useAutopilot: true });
    const all = { analytics: false, themePicker: true, showPromotionHeader: true, useAutopilot: true };
    expect(await profile()).toEqual(all);
    expect(await tourSettings()).toEqual(all);

    // Turned back off: off again everywhere.
    await put({ themePicker: false, showPromotionHeader: false, useAutopilot: false, analytics: true });
    expect(await tourSettings()).toEqual(OWNER_SETTINGS_DEFAULTS);
    expect(await profile()).toEqual(OWNER_SETTINGS_DEFAULTS);
  });

  it('keeps other keys stored beside the switches', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    await sql`update users set settings = ${'{"legacyFlag":"kept","themePicker":"yes"}'} where id = ${SEED.user}`.execute(suite.db.handle.db);
    // A stored value that is not a boolean reads as the default.
    expect(await profile()).toMatchObject({ themePicker: false });
    expect((await put({ useAutopilot: true })).body).toEqual({ ...OWNER_SETTINGS_DEFAULTS, useAutopilot: true });
    const { rows } = await sql<{ settings: string }>`select settings from users where id = ${SEED.user}`.execute(suite.db.handle.db);
    expect(JSON.parse(rows[0]!.settings)).toEqual({ legacyFlag: 'kept', ...OWNER_SETTINGS_DEFAULTS, useAutopilot: true });
    await put({ useAutopilot: false });
  });

  it('lets only the owner themselves change them: 401 without a session, 403 for anyone else, before reading the body', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    expect(await put({ themePicker: true }, {})).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    expect(await put({ themePicker: true }, suite.stranger)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN', message: 'You can only change your own settings.' } });
    expect(await put({ nonsense: 1 }, suite.stranger)).toMatchObject({ status: 403 });
    expect(await put({ themePicker: true }, suite.owner, 'someone-else')).toMatchObject({ status: 403 });
    expect(await tourSettings()).toEqual(OWNER_SETTINGS_DEFAULTS);
  });

  it('answers bad input with a clear 400 and changes nothing', async (ctx) => {
    if (!suite.ready) return ctx.skip();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /at least one setting/],
      [{ themePicker: 'yes' }, /themePicker/],
      [{ themePicker: 1 }, /themePicker/],
      [{ colour: 'red' }, /colour/],
      [{ themePicker: true, extra: true }, /extra/],
      [[true], /object/i],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(String(res.body.message), JSON.stringify(body)).toMatch(message);
    }
    const text = await suite.apps.writer.app.inject({ method: 'PUT', url: `/v2/users/${SEED.user}/customSetting`, headers: { ...suite.owner, 'content-type': 'application/json' }, payload: '{not json' });
    expect(text.statusCode).toBe(400);
    expect(await tourSettings()).toEqual(OWNER_SETTINGS_DEFAULTS);
  });
});
