// Contract tests for the wholesale ordering platform, in both directions, over the recorded transcript
// (tests/fakes/orderingPlatform/contract/transcript.json):
// - the client against the transcript: Atrium's platform client must make exactly the recorded calls and read the
//   recorded answers into the recorded outcome (a changed request or reading fails here);
// - the fake against the transcript: the fake, replayed the recorded requests, must give exactly the recorded answers
//   (a fake that drifted from what the client was proven against fails here).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startOrderingPlatform } from '../fakes/orderingPlatform/index.ts';
import { CONTRACT_NOW } from '../fakes/orderingPlatform/contract/record.ts';
import { CONTRACT_CLIENT_ID, runScenario } from '../fakes/orderingPlatform/contract/scenario.ts';
import { replayingFetch, type Transcript } from '../fakes/orderingPlatform/contract/transcript.ts';

const transcript = JSON.parse(fs.readFileSync(path.resolve('tests/fakes/orderingPlatform/contract/transcript.json'), 'utf8')) as Transcript;

describe('ordering platform contract', () => {
  it('covers every call of spec section 7', () => {
    const calls = new Set(transcript.exchanges.map((e) => `${e.request.method} ${e.request.path.split('?')[0]}`));
    expect([...calls].sort()).toEqual([
      'GET /collections', 'GET /price_types', 'GET /prices', 'GET /products', 'GET /skus', 'GET /v4/orders',
      'POST /oauth/token', 'POST /v4/orders/bulk_create', 'POST /v4/orders/sku_line_items/bulk_create',
    ]);
    const grants = transcript.exchanges.filter((e) => e.request.path === '/oauth/token').map((e) => new URLSearchParams(e.request.body ?? '').get('grant_type'));
    expect(new Set(grants)).toEqual(new Set(['authorization_code', 'refresh_token']));
  });

  it('the client makes exactly the recorded calls and reads the recorded answers', async () => {
    const replay = replayingFetch(transcript.exchanges);
    const outcome = await runScenario(replay.fetch, transcript.code);
    expect(replay.remaining()).toBe(0);
    expect(JSON.parse(JSON.stringify(outcome))).toEqual(transcript.outcome);
  });

  it('the fake gives exactly the recorded answers to the recorded calls', async () => {
    const fake = await startOrderingPlatform({ clientId: CONTRACT_CLIENT_ID, deterministic: true, now: () => CONTRACT_NOW, tokenTtlSeconds: 3600 });
    try {
      expect(fake.production.env.issueCode(transcript.redirectUri).code).toBe(transcript.code);
      for (const [i, { request, response }] of transcript.exchanges.entries()) {
        const headers: Record<string, string> = {};
        if (request.authorization) headers.authorization = request.authorization;
        if (request.contentType) headers['content-type'] = request.contentType;
        const res = await fetch(`${fake.production.apiUrl}${request.path}`, { method: request.method, headers, body: request.body ?? undefined });
        const text = await res.text();
        expect({ call: i + 1, status: res.status, body: text ? JSON.parse(text) as unknown : null }).toEqual({ call: i + 1, ...response });
      }
    } finally {
      await fake.close();
    }
  });
});
