import fs from 'node:fs';
import path from 'node:path';

/** The shared real photographs (never copied into the repository). */
export const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/panoramas');
export const EQUIRECT = path.join(FIXTURES, 'fishermans-bastion-equirect.jpg');

/** True when the photographs are here; in CI their absence is a failure, elsewhere a skip with a message. */
export function fixturesAvailable(): boolean {
  if (fs.existsSync(EQUIRECT)) return true;
  if (process.env.CI) throw new Error(`The fixture photographs are missing at ${FIXTURES}`);
  console.warn(`Skipping: the fixture photographs are not at ${FIXTURES}`);
  return false;
}
