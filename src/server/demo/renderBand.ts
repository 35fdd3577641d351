import { type PanoramaCamera, renderRows } from './raytrace/renderRows.ts';
import { type HarbourHouse, OUTDOOR_FRAME, PANORAMAS, buildHarbourHouse } from './scenes/harbourHouse.ts';
import type { PanoramaSpec } from './scenes/sceneTypes.ts';

// The unit of work shared by the inline renderer and the worker threads: some rows of one panorama.

export interface BandJob {
  readonly panoramaId: string;
  readonly width: number;
  readonly rowStart: number;
  readonly rowEnd: number;
}

let cached: HarbourHouse | null = null;

/** The house is built once per thread (it is pure data, a few hundred shapes). */
function house(): HarbourHouse {
  cached ??= buildHarbourHouse();
  return cached;
}

export function panoramaSpec(id: string): PanoramaSpec {
  const spec = PANORAMAS.find((p) => p.id === id);
  if (!spec) throw new Error(`Unknown demo panorama "${id}"`);
  return spec;
}

export function cameraFor(h: HarbourHouse, spec: PanoramaSpec): PanoramaCamera {
  const [x, y, z] = spec.camera;
  return { x, y, z, room: spec.room ? h.rooms.get(spec.room)! : null, exposure: spec.exposure };
}

/** Packed RGB bytes of rows [rowStart, rowEnd) of the panorama. */
export function renderBand(job: BandJob): Uint8Array {
  const h = house();
  return renderRows(h.world, OUTDOOR_FRAME, cameraFor(h, panoramaSpec(job.panoramaId)), job.width, job.rowStart, job.rowEnd);
}
