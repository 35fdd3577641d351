import path from 'node:path';
import sharp from 'sharp';
import type { CubeFace, TileManifest } from '../../protocol/tiles.ts';
import type { TourPanoramaDescription } from '../../protocol/tourDescription.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createRepositories } from '../db/repositories.ts';
import { newId } from '../db/ids.ts';
import type { MediaStorage } from '../media/mediaStorage.ts';
import { fileDigest } from '../media/mediaStorage.ts';
import { sweepOrphanMedia } from '../media/orphanSweep.ts';
import { publishTileSet } from '../media/publishTileSet.ts';
import type { NewPanorama } from '../modules/panoramas/panoramas.repository.ts';
import type { NewMarker } from '../modules/markers/markers.repository.ts';
import { ensureOwner } from '../modules/users/ensureOwner.ts';
import { ImportError, loadTourDescription } from './loadTourDescription.ts';
import { markerRow } from './markerRows.ts';

import type { TileInput, TileProgress } from '../media/tiler/index.ts';

export type { TileInput, TileProgress };
/** The tiler, injected so the import runs the real worker in production and tests alike. */
/** `account` (a headquarter id) lets the tiling queue give accounts turns; imports from the command line pass none. */
export type TileFn = (input: TileInput, outDir: string, opts?: { onProgress?: (p: TileProgress) => void; account?: string }) => Promise<TileManifest>;

export interface ImportDeps {
  database: DatabaseHandle;
  storage: MediaStorage;
  tile: TileFn;
}

export interface ImportOptions {
  name?: string;
  owner?: { username: string; headquarterTitle: string };
  onProgress?: (p: { panorama: number; of: number; name: string } & TileProgress) => void;
}

export const DEFAULT_OWNER = { username: 'admin', headquarterTitle: 'My tours' };
const isUrl = (v: string) => /^https?:\/\//i.test(v);

/**
 * Creates a tour from an image or a folder: tiles every panorama first, then writes the tour in one
 * transaction. If anything fails, the media it produced is removed and the database is untouched.
 */
export async function importTour(deps: ImportDeps, source: string, opts: ImportOptions = {}): Promise<{ buildingId: string; panoramaIds: string[] }> {
  const { folder, description } = loadTourDescription(source, opts.name);
  const inFolder = (f: string) => path.join(folder, f);
  const produced: string[] = []; // panorama ids whose folders this import created
  try {
    const buildingId = newId();
    const panoramaIds = new Map(description.panoramas.map((p) => [p.id, newId()] as const));
    const panoramaRows: NewPanorama[] = [];
    for (const [i, p] of description.panoramas.entries()) {
      const id = panoramaIds.get(p.id)!;
      produced.push(id);
      const onProgress = (t: TileProgress) => opts.onProgress?.({ panorama: i + 1, of: description.panoramas.length, name: p.name, ...t });
      panoramaRows.push(await publishPanorama(deps, { id, buildingId, index: i, description: p, folder }, onProgress));
    }
    const resolveFile = async (f: string) => (isUrl(f) ? f : (await deps.storage.storeAsset(inFolder(f))).url);
    const markers: NewMarker[] = [];
    for (const p of description.panoramas) {
      const ctx = { buildingId, panoramaId: panoramaIds.get(p.id)!, panoramaIds, resolveFile };
      for (const m of p.markers) markers.push(await markerRow(m, ctx));
    }
    const floorplan = description.floorplan ? await storeFloorplan(deps.storage, inFolder(description.floorplan)) : null;

    await deps.database.db.transaction().execute(async (trx) => {
      const repos = createRepositories(trx);
      const owner = opts.owner ?? DEFAULT_OWNER;
      const { userId, headquarterId } = await ensureOwner(repos, owner.username, owner.headquarterTitle);
      await repos.buildings.insert({
        id: buildingId,
        headquarterId,
        ownerId: userId,
        kind: 'BUILDING',
        name: description.name,
        nameMulti: JSON.stringify(description.nameMulti ?? {}),
        description: description.description,
        descriptionMulti: JSON.stringify(description.descriptionMulti ?? {}),
        themeColor: description.themeColor,
        music: description.music ? await resolveFile(description.music) : 'none',
        floorplan: floorplan?.url ?? null,
        floorplanWidth: floorplan?.width ?? null,
        floorplanHeight: floorplan?.height ?? null,
        thumbnail: panoramaRows[0]?.thumbnail ?? null,
        geoLatitude: description.geo?.latitude ?? null,
        geoLongitude: description.geo?.longitude ?? null,
        mapEnable: description.geo ? 1 : 0,
        meta: JSON.stringify(description.credits ? { credits: description.credits } : {}),
      });
      for (const row of panoramaRows) await repos.panoramas.insert(row);
      await repos.markers.insertMany(markers);
    });
    return { buildingId, panoramaIds: [...panoramaIds.values()] };
  } catch (error) {
    // No row was written: everything the import put under its panoramas' folders is an orphan.
    await sweepOrphanMedia(deps.database.db, deps.storage, { panoramaIds: produced, graceMs: 0 });
    if (error instanceof ImportError) throw error;
    // Tiler errors already name the file and the problem; keep their sentence.
    throw new ImportError(error instanceof Error ? error.message : String(error));
  }
}

interface PanoramaJob {
  id: string;
  buildingId: string;
  index: number;
  description: TourPanoramaDescription;
  folder: string;
}

async function publishPanorama(deps: ImportDeps, job: PanoramaJob, onProgress: (p: TileProgress) => void): Promise<NewPanorama> {
  const d = job.description;
  const file = (f: string) => path.join(job.folder, f);
  const faces = d.faces ? (Object.fromEntries(Object.entries(d.faces).map(([k, v]) => [k, file(v)])) as Record<CubeFace, string>) : null;
  const input: TileInput = faces ? { kind: 'cube', faces } : { kind: 'equirect', file: file(d.file!) };
  // For cube input the front face stands for the source: its bytes name the version.
  const rawFile = faces ? faces.f : file(d.file!);
  const version = await fileDigest(rawFile);
  const rel = deps.storage.panoramaVersionDir(job.id, version);
  const manifest = await publishTileSet(deps.storage, rel, (outDir) => deps.tile(input, outDir, { onProgress }));
  const rawRel = path.join('panoramas', job.id, `raw-${version}${path.extname(rawFile).toLowerCase()}`);
  await deps.storage.copyAtomically(rawFile, rawRel);
  const url = (f: string) => deps.storage.url(path.join(rel, f));
  return {
    id: job.id,
    buildingId: job.buildingId,
    index: job.index,
    name: d.name,
    category: d.category,
    customCategory: null,
    thumbnail: url(manifest.images.thumbnail),
    cubemapReady: 1,
    rawUrl: deps.storage.url(rawRel),
    adjustedRawUrl: url(manifest.images.adjustedRaw),
    desktopUrl: url(manifest.images.desktop),
    previewUrl: url(manifest.images.preview),
    cubemapFilePath: deps.storage.url(rel),
    cubemapPreviewUrl: url(manifest.firstView.url),
    cubemapUrl: url('manifest.json'),
    mediaVersion: version,
    positionX: d.floorplanPosition?.x ?? null,
    positionY: d.floorplanPosition?.y ?? null,
    initialAth: d.initialView?.ath ?? null,
    initialAtv: d.initialView?.atv ?? null,
    initialFov: d.initialView?.fov ?? null,
    videoAttribute: null,
  };
}

async function storeFloorplan(storage: MediaStorage, file: string) {
  const meta = await sharp(file).metadata().catch(() => {
    throw new ImportError(`floorplan ${path.basename(file)} is not a readable image.`);
  });
  const stored = await storage.storeAsset(file);
  return { url: stored.url, width: meta.width ?? null, height: meta.height ?? null };
}
