import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { text } from 'node:stream/consumers';
import type { StudioPanorama } from '../../../protocol/studio.ts';
import { MANIFEST_FILE, TileManifestSchema, type TileManifest } from '../../../protocol/tiles.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { TileFn } from '../../import/importTour.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { publishTileSet } from '../../media/publishTileSet.ts';
import type { NewPanorama } from '../panoramas/panoramas.repository.ts';
import type { QuotaService } from './quotas.ts';
import { presentStudioPanorama } from './studio.presenter.ts';
import type { StudioRepository } from './studio.repository.ts';
import { progressTracker } from './tilingProgress.ts';
import type { TilingBus } from './tilingBus.ts';

/**
 * One panorama to tile: everything a process needs to do it, whichever process received the upload. Plain JSON, so
 * it can wait on a shared queue. The source is already in media storage (`sourceRel`, the panorama's kept original),
 * so any process that reaches the same storage can read it.
 */
export interface TilingJob {
  buildingId: string;
  /** The account whose jobs take turns with other accounts' (the in-process queue's fairness key). */
  headquarterId: string;
  /** The panorama as the studio showed it when the upload was accepted (status tiling, its reserved index). */
  pending: StudioPanorama;
  /** The kept original under media storage: `panoramas/<id>/raw-<version><ext>`. */
  sourceRel: string;
  /** Hash of the source: the tile set's folder name. */
  version: string;
}

export interface PanoramaTilingDeps {
  repos: Repositories;
  studio: StudioRepository;
  storage: MediaStorage;
  tile: TileFn;
  bus: TilingBus;
  quotas: QuotaService;
  /** Removes what no row references under these panoramas' folders (after a failed job). */
  sweep: (panoramaIds: string[]) => Promise<unknown>;
  /** Errors that do not change the job's outcome (logged). */
  onError?: ((error: Error) => void) | undefined;
}

/** Progress events are sent when the fraction moved by at least this much (tiles arrive by the hundred). */
const PROGRESS_STEP = 0.02;

/**
 * Runs a tiling job to its end: tile set, panorama row, stored size, the tour's thumbnail, and the news on the bus.
 * Safe to run again for the same job (a job whose process died is retried elsewhere): a row already written means the
 * job is done, a tile set already published is used as it is, and of two writers of the row exactly one wins. Failures
 * are the job's outcome, told on the bus, never thrown: an unreadable photograph fails the same way on every process.
 * Only an announcement of a written row that Redis refused is thrown (see finish).
 */
export async function runTilingJob(deps: PanoramaTilingDeps, job: TilingJob): Promise<'ready' | 'failed'> {
  const id = job.pending.objectId;
  try {
    if (!(await deps.repos.panoramas.findById(id))) await tileAndRecord(deps, job);
  } catch (error) {
    // A row written by another run of this job stands: this run's error does not undo it.
    if (await deps.repos.panoramas.findById(id).catch(() => null)) return finish(deps, job);
    await failTilingJob(deps, job, error);
    return 'failed';
  }
  return finish(deps, job);
}

/**
 * Once the row exists the panorama is ready, whatever fails next: the tour's thumbnail is refreshed on its next change
 * if not now, and an announcement Redis did not take is thrown so the queue's job fails without failing the panorama
 * (gaveUp finds the row; the studio's reads drop a pending entry that has a row).
 */
async function finish(deps: PanoramaTilingDeps, job: TilingJob): Promise<'ready'> {
  await refreshTourThumbnail(deps, job.buildingId).catch((error: unknown) => deps.onError?.(error as Error));
  await announceReady(deps, job);
  return 'ready';
}

async function tileAndRecord(deps: PanoramaTilingDeps, job: TilingJob): Promise<void> {
  const { storage, bus } = deps;
  const { buildingId, pending } = job;
  const id = pending.objectId;
  const rel = storage.panoramaVersionDir(id, job.version);
  const track = progressTracker();
  let sent = 0;
  const manifest = await publishedManifest(storage, rel) ?? await withLocalCopy(storage, job.sourceRel, (source) =>
    publishTileSet(storage, rel, (outDir) => deps.tile({ kind: 'equirect', file: source }, outDir, {
      onProgress: (p) => {
        const progress = track(p);
        if (progress - sent < PROGRESS_STEP) return;
        sent = progress;
        void bus.publish(buildingId, { ...pending, progress }).catch(() => undefined);
      },
      account: job.headquarterId,
    })));
  const url = (f: string) => storage.url(path.join(rel, f));
  const row: NewPanorama = {
    id, buildingId, index: Math.max(pending.index, await deps.studio.nextPanoramaIndex(buildingId)), name: pending.name, category: 'others', customCategory: null,
    thumbnail: url(manifest.images.thumbnail), cubemapReady: 1, rawUrl: storage.url(job.sourceRel), adjustedRawUrl: url(manifest.images.adjustedRaw),
    desktopUrl: url(manifest.images.desktop), previewUrl: url(manifest.images.preview), cubemapFilePath: storage.url(rel),
    cubemapPreviewUrl: url(manifest.firstView.url), cubemapUrl: url(MANIFEST_FILE), mediaVersion: job.version,
    positionX: null, positionY: null, initialAth: null, initialAtv: null, initialFov: null, videoAttribute: null,
  };
  try {
    await deps.repos.panoramas.insert(row);
  } catch (error) {
    // Another run of this job wrote it first: the result is recorded once.
    if (!(await deps.repos.panoramas.findById(id))) throw error;
  }
  // The panorama is stored whatever happens here: a size that cannot be recorded now is measured on the next count.
  await deps.quotas.recordStored(id).catch(() => undefined);
}


/** Tells the studio a job failed and removes what it left; also for a job the queue gave up on (its process died too often). */
export async function failTilingJob(deps: Pick<PanoramaTilingDeps, 'bus' | 'sweep' | 'repos'>, job: TilingJob, error: unknown): Promise<void> {
  // A job given up after its row was written (its announcement failed) succeeded: the studio reads the row.
  if (await deps.repos.panoramas.findById(job.pending.objectId).catch(() => null)) return;
  const fileName = job.pending.fileName ?? 'The photograph';
  await deps.sweep([job.pending.objectId]).catch(() => undefined);
  // The source is stored under a name of ours: messages name the owner's file instead.
  const reason = (error instanceof Error ? error.message : String(error)).split(path.basename(job.sourceRel)).join(fileName);
  const message = reason.includes(fileName) ? reason : `${fileName} could not be tiled: ${reason}`;
  await deps.bus.publish(job.buildingId, { ...job.pending, status: 'failed', error: message }).catch(() => undefined);
}

async function announceReady(deps: PanoramaTilingDeps, job: TilingJob): Promise<void> {
  const stored = await deps.repos.panoramas.findById(job.pending.objectId);
  await deps.bus.publish(job.buildingId, stored ? presentStudioPanorama(stored) : { ...job.pending, status: 'ready', progress: 1 });
}

/** A tile set an earlier run of this job published before its process stopped (the manifest is written last). */
async function publishedManifest(storage: MediaStorage, rel: string): Promise<TileManifest | null> {
  const found = await storage.read(`${rel}/${MANIFEST_FILE}`).catch(() => null);
  if (!found) return null;
  try {
    const parsed = TileManifestSchema.safeParse(JSON.parse(await text(found.body)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The tiler reads a file on this machine: the source is fetched from media storage (local disk or object storage,
 * wherever the upload's process kept it) into a private temporary folder, under its stored name, for the job's time.
 */
async function withLocalCopy<T>(storage: MediaStorage, rel: string, use: (file: string) => Promise<T>): Promise<T> {
  const found = await storage.read(rel);
  if (!found) throw new Error(`${path.basename(rel)} is no longer in media storage`);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'atrium-tiling-'));
  try {
    const file = path.join(dir, path.basename(rel));
    await pipeline(found.body, fs.createWriteStream(file));
    return await use(file);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The tour's picture in lists is its first panorama's. */
export async function refreshTourThumbnail(deps: Pick<PanoramaTilingDeps, 'repos' | 'studio'>, buildingId: string): Promise<void> {
  const first = (await deps.studio.panoramasOf(buildingId))[0];
  await deps.repos.buildings.update(buildingId, { thumbnail: first?.thumbnail ?? null });
}
