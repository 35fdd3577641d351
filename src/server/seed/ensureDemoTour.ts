import type { ImportDeps } from '../import/importTour.ts';
import { importTour } from '../import/importTour.ts';
import { createRepositories } from '../db/repositories.ts';
import { DEMO_TOUR_DIR } from '../demo/demoTourDir.ts';
import { withPretiledDemo } from './pretiledDemo.ts';

export const DEMO_OWNER = { username: 'demo', headquarterTitle: 'Atrium Demo' };

/**
 * On an empty database, imports the demo tour committed in the repository (src/server/demo/harbour-house,
 * made by `npm run demo:render`; nothing is ray-traced at start) like any other tour, its committed tile
 * pyramids copied rather than made again (pretiledDemo.ts). Answers the id of the demo owner's first tour, or null when the database holds other tours only.
 */
export async function ensureDemoTour(deps: ImportDeps, log: (msg: string) => void): Promise<string | null> {
  const repos = createRepositories(deps.database.db);
  if ((await repos.buildings.count()) === 0) {
    const started = Date.now();
    log('Creating the demo tour (first start only)...');
    const { buildingId } = await importTour({ ...deps, tile: withPretiledDemo(deps.tile) }, DEMO_TOUR_DIR, {
      owner: DEMO_OWNER,
      onProgress: (p) => p.done === p.total && p.stage === 'publish' && log(`  tiled ${p.panorama}/${p.of}: ${p.name}`),
    });
    log(`  demo tour ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return buildingId;
  }
  const owner = await repos.users.findByUsername(DEMO_OWNER.username);
  if (!owner?.headquarterId) return null;
  const [first] = await repos.buildings.listByHeadquarter(owner.headquarterId, { limit: 1, offset: 0 }, { publicOnly: true });
  return first?.id ?? null;
}
