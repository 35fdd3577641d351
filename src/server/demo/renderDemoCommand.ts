// `npm run demo:render`: ray-traces the demo tour again into src/server/demo/harbour-house/, the
// folder a first start imports, and tiles its panoramas into tiled/ (see seed/pretiledDemo.ts). Run it after changing a scene, the renderer or the media, and commit
// the result (harbourHouseAssets.test.ts checks that the folder still matches the renderer).
// Files this command does not make (CREDITS.md) are left alone.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePretiled } from '../seed/pretiledDemo.ts';
import { DEMO_TOUR_DIR } from './demoTourDir.ts';
import { panoramaFile } from './demoMedia.ts';
import { renderDemoAssets } from './renderDemoAssets.ts';
import { PANORAMAS } from './scenes/harbourHouse.ts';

const RENDERED = ['tour.json', 'floorplan.png', 'panoramas', 'media'] as const;

await mkdir(DEMO_TOUR_DIR, { recursive: true });
const work = await mkdtemp(join(tmpdir(), 'atrium-demo-render-'));
try {
  await renderDemoAssets(work, { workers: Math.max(1, cpus().length), log: (line) => console.log(line) });
  for (const entry of RENDERED) {
    await rm(join(DEMO_TOUR_DIR, entry), { recursive: true, force: true });
    await cp(join(work, entry), join(DEMO_TOUR_DIR, entry), { recursive: true });
  }
  for (const p of PANORAMAS) await writePretiled(join(DEMO_TOUR_DIR, panoramaFile(p.id)));
  console.log(`demo: written and tiled in ${DEMO_TOUR_DIR}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
