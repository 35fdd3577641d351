// Re-records transcript.json: `npx tsx tests/fakes/orderingPlatform/contract/record.ts`. Do it only when the contract
// changes on purpose (the platform's documented calls, or what Atrium sends); review the diff like code.
import fs from 'node:fs';
import path from 'node:path';
import { startOrderingPlatform } from '../index.ts';
import { CONTRACT_CLIENT_ID, CONTRACT_REDIRECT_URI, runScenario } from './scenario.ts';
import { recordingFetch, type Exchange, type Transcript } from './transcript.ts';

/** Fixed time and counter-based secrets make the fake's answers the same on every run. */
export const CONTRACT_NOW = Date.parse('2026-11-26T09:00:00.000Z');

export async function record(): Promise<Transcript> {
  const fake = await startOrderingPlatform({ clientId: CONTRACT_CLIENT_ID, deterministic: true, now: () => CONTRACT_NOW, tokenTtlSeconds: 3600 });
  try {
    const { code } = fake.production.env.issueCode(CONTRACT_REDIRECT_URI);
    const exchanges: Exchange[] = [];
    const outcome = await runScenario(recordingFetch(fake.production.apiUrl, exchanges), code);
    return {
      note: 'Recorded by tests/fakes/orderingPlatform/contract/record.ts; checked by tests/integration/orderingContract.test.ts in both directions.',
      code, redirectUri: CONTRACT_REDIRECT_URI, exchanges, outcome,
    };
  } finally {
    await fake.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const transcript = await record();
  const file = path.join(import.meta.dirname, 'transcript.json');
  fs.writeFileSync(file, `${JSON.stringify(transcript, null, 2)}\n`);
  process.stdout.write(`${transcript.exchanges.length} exchanges written to ${file}\n`);
}
