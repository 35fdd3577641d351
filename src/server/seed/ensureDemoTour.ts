import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportDeps } from '../import/importTour.ts';
import { importTour } from '../import/importTour.ts';
import { createRepositories } from '../db/repositories.ts';
import { renderDemoAssets } from '../demo/renderDemoAssets.ts';

export const DEMO_OWNER = { username: 'demo', headquarterTitle: 'Atrium Demo' };

/**
 * On an empty database, renders the demo tour (no files from outside the repository) and imports it like any
 * other tour. Answers the id of the demo owner's first tour, or null when the database holds other tours only.
 */
export async function ensureDemoTour(deps: ImportDeps, log: (msg: string) => void): Promise<string | null> {
  const repos = createRepositories(deps.database.db);
  if ((await repos.buildings.count()) === 0) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-demo-'));
    try {
      const started = Date.now();
      log('Creating the demo tour (first start only)...');
      const tourFile = await renderDemoAssets(work);
      log(`  rendered the demo panoramas in ${((Date.now() - started) / 1000).toFixed(1)} s; tiling...`);
      const { buildingId } = await importTour(deps, path.dirname(tourFile), {
        owner: DEMO_OWNER,
        onProgress: (p) => p.done === p.total && p.stage === 'publish' && log(`  tiled ${p.panorama}/${p.of}: ${p.name}`),
      });
      log(`  demo tour ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return buildingId;
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  const owner = await repos.users.findByUsername(DEMO_OWNER.username);
  if (!owner?.headquarterId) return null;
  const [first] = await repos.buildings.listByHeadquarter(owner.headquarterId, { limit: 1, offset: 0 }, { publicOnly: true });
  return first?.id ?? null;
}
