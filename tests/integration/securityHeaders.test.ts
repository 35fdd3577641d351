import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';
import { SEED, seedTour } from './support/seedTour.ts';
import { connectSocial } from './support/socialClient.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

const directive = (policy: string, name: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers', () => {
  let db: TestDatabase;
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    await seedTour(db.handle.db);
    t = await createTestApp(db.handle, { withClient: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.cleanup();
    await db?.drop();
  });

  it("gives every page a policy with a fresh nonce that the page's inline scripts carry", async () => {
    const a = await t.app.inject({ url: `/${SEED.tour}` });
    const b = await t.app.inject({ url: `/${SEED.tour}` });
    const policy = String(a.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(directive(policy, 'script-src'))?.[1];
    expect(nonce).toBeTruthy();
    expect(String(b.headers['content-security-policy'])).not.toContain(nonce);
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-eval'");
    expect(directive(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'report-uri')).toBe('report-uri /v2/csp-reports');
    // The inlined tour is data, not a script the policy must allow; any inline script there is has the nonce.
    for (const tag of a.body.match(/<script\b[^>]*>/g) ?? []) {
      if (!/type="application\/json"|\ssrc=/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it('lets any site embed the viewer and none frame the owner pages', async () => {
    for (const url of [`/${SEED.tour}`, '/', `/tour-ring/${SEED.tour}`]) {
      expect(directive(String((await t.app.inject({ url })).headers['content-security-policy']), 'frame-ancestors')).toBe('frame-ancestors *');
    }
    for (const url of ['/studio', `/studio/${SEED.tour}`, '/login', '/signup', `/analytics/${SEED.tour}`, '/studio/inbox']) {
      const res = await t.app.inject({ url });
      expect(directive(String(res.headers['content-security-policy']), 'frame-ancestors'), url).toBe("frame-ancestors 'none'");
    }
  });

  it("keeps a tour's page to the sites its owner listed, whatever the tour answers, and writes only site addresses", async () => {
    const setSites = (value: string | null) => db.handle.db.updateTable('buildings').set({ embedSites: value }).where('id', '=', SEED.tour).execute();
    const frame = async (url: string) => directive(String((await t.app.inject({ url })).headers['content-security-policy']), 'frame-ancestors');
    await setSites(JSON.stringify(['https://shop.example.com', 'https://*.example.org']));
    expect(await frame(`/${SEED.tour}`)).toBe("frame-ancestors 'self' https://shop.example.com https://*.example.org");
    expect(await frame('/studio')).toBe("frame-ancestors 'none'");
    // A hidden tour's page keeps the list too.
    await db.handle.db.updateTable('buildings').set({ hidden: 1 }).where('id', '=', SEED.tour).execute();
    expect(await frame(`/${SEED.tour}`)).toBe("frame-ancestors 'self' https://shop.example.com https://*.example.org");
    await db.handle.db.updateTable('buildings').set({ hidden: 0 }).where('id', '=', SEED.tour).execute();
    // A row edited by hand: what is not a site address never reaches the header.
    await setSites(JSON.stringify(["https://ok.example.com; script-src 'unsafe-inline'", 'https://ok.example.com', 42]));
    expect(await frame(`/${SEED.tour}`)).toBe("frame-ancestors 'self' https://ok.example.com");
    await setSites(null);
    expect(await frame(`/${SEED.tour}`)).toBe('frame-ancestors *');
  });

  it('sends nosniff, a referrer policy and no X-Frame-Options on API answers and pages', async () => {
    for (const url of [`/v2/buildings/openLink/${SEED.tour}`, `/${SEED.tour}`, '/healthz']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('takes violation reports in both formats and refuses what is not one', async () => {
    const report = { 'csp-report': { 'document-uri': `${baseUrl}/x`, 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' } };
    const one = await t.app.inject({ method: 'POST', url: '/v2/csp-reports', headers: { 'content-type': 'application/csp-report' }, payload: JSON.stringify(report) });
    expect(one.statusCode).toBe(204);
    const list = [{ type: 'csp-violation', body: { documentURL: `${baseUrl}/x`, effectiveDirective: 'img-src', blockedURL: 'http://x.test/a.png' } }];
    const two = await t.app.inject({ method: 'POST', url: '/v2/csp-reports', headers: { 'content-type': 'application/reports+json' }, payload: JSON.stringify(list) });
    expect(two.statusCode).toBe(204);
    const bad = await t.app.inject({ method: 'POST', url: '/v2/csp-reports', headers: { 'content-type': 'application/csp-report' }, payload: '{not json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("opens WebSockets for this origin's pages and for clients without one, never for another site's", async () => {
    const ours = await connectSocial(baseUrl, { headers: { origin: baseUrl } });
    ours.disconnect();
    const script = await connectSocial(baseUrl);
    script.disconnect();
    await expect(connectSocial(baseUrl, { headers: { origin: 'https://evil.example' } })).rejects.toThrow();
  });
});
