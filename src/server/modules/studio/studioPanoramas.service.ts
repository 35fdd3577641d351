import fs from 'node:fs/promises';
import path from 'node:path';
import type { StudioPanorama, StudioTour, UpdatePanoramaBody, UploadResult } from '../../../protocol/studio.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { fileDigest, type MediaStorage } from '../../media/mediaStorage.ts';
import type { TileFn } from '../../import/importTour.ts';
import { publishTileSet } from '../../media/publishTileSet.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import type { NewPanorama } from '../panoramas/panoramas.repository.ts';
import { checkPanorama, ImageProblem, withFormatExtension } from './imageChecks.ts';
import { presentStudioPanorama } from './studio.presenter.ts';
import type { StudioRepository } from './studio.repository.ts';
import type { StudioToursService } from './studioTours.service.ts';
import type { QuotaService } from './quotas.ts';
import { progressTracker } from './tilingProgress.ts';
import type { TilingBus } from './tilingBus.ts';
import { discard, type UploadedFile } from './uploadedFiles.ts';

/** What the studio needs of the runtime: the same media storage and tiler the import uses. */
export interface StudioMedia {
  storage: MediaStorage;
  tile: TileFn;
  /** Removes what no row references under these panoramas' folders (after a failed job). */
  sweep: (panoramaIds: string[]) => Promise<unknown>;
}

/** Progress events are sent when the fraction moved by at least this much (tiles arrive by the hundred). */
const PROGRESS_STEP = 0.02;
const NOT_FOUND = 'This panorama does not exist in this tour.';

const displayName = (fileName: string) => path.basename(fileName).replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim().slice(0, 200) || 'Panorama';

/**
 * Panoramas of a tour: upload (each file checked alone), tiling in the background with live progress, then one
 * row per ready panorama. Rows are written only after their media exists, so visitors never see half a panorama.
 */
export class StudioPanoramasService {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly repos: Repositories,
    private readonly studio: StudioRepository,
    private readonly media: StudioMedia,
    private readonly bus: TilingBus,
    private readonly tours: StudioToursService,
    private readonly quotas: QuotaService,
  ) {}

  /** One result per file, in order. A refused file never stops the others; accepted ones start tiling. */
  async upload(building: BuildingRow, files: UploadedFile[]): Promise<UploadResult[]> {
    const results: UploadResult[] = [];
    const fits = await this.quotas.uploadGate(building.headquarterId);
    for (const file of files) {
      let format: string;
      try {
        format = (await checkPanorama(file)).format;
      } catch (error) {
        await discard(file);
        if (!(error instanceof ImageProblem)) throw error;
        results.push({ ok: false, fileName: file.fileName, code: error.code, message: error.message });
        continue;
      }
      const refused = fits(file.fileName, (await fs.stat(file.path)).size);
      if (refused) {
        await discard(file);
        results.push({ ok: false, fileName: file.fileName, ...refused });
        continue;
      }
      const panorama: StudioPanorama = {
        objectId: newId(), index: await this.reserveIndex(building.id), name: displayName(file.fileName), category: 'others', customCategory: null,
        status: 'tiling', progress: 0, error: null, fileName: file.fileName,
        thumbnail: null, previewUrl: null, desktopUrl: null, position: null, initialView: null,
      };
      this.bus.publish(building.id, panorama);
      const job = this.tileInBackground(building, panorama, file, format).finally(() => this.running.delete(job));
      this.running.add(job);
      results.push({ ok: true, fileName: file.fileName, panorama });
    }
    return results;
  }

  /**
   * A panorama's place is decided when its file is accepted, not when its tiling ends: the tour keeps the order in
   * which the owner added the photographs, whichever finishes first.
   */
  private async reserveIndex(buildingId: string): Promise<number> {
    const tiling = this.bus.pendingOf(buildingId).filter((p) => p.status === 'tiling').map((p) => p.index);
    return Math.max(await this.studio.nextPanoramaIndex(buildingId), ...tiling.map((i) => i + 1));
  }

  /** Resolves when every tiling job started so far has ended (tests and a graceful stop). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async tileInBackground(building: BuildingRow, pending: StudioPanorama, file: UploadedFile, format: string): Promise<void> {
    const { storage, tile } = this.media;
    const buildingId = building.id;
    const id = pending.objectId;
    const track = progressTracker();
    let sent = 0;
    try {
      const source = await withFormatExtension(file.path, format);
      const version = await fileDigest(source);
      const rel = storage.panoramaVersionDir(id, version);
      const manifest = await publishTileSet(storage, rel, (outDir) => tile({ kind: 'equirect', file: source }, outDir, {
        onProgress: (p) => {
          const progress = track(p);
          if (progress - sent < PROGRESS_STEP) return;
          sent = progress;
          this.bus.publish(buildingId, { ...pending, progress });
        },
        account: building.headquarterId,
      }));
      const rawRel = path.join('panoramas', id, `raw-${version}${path.extname(source)}`);
      await storage.copyAtomically(source, rawRel);
      const url = (f: string) => storage.url(path.join(rel, f));
      const row: NewPanorama = {
        id, buildingId, index: Math.max(pending.index, await this.studio.nextPanoramaIndex(buildingId)), name: pending.name, category: 'others', customCategory: null,
        thumbnail: url(manifest.images.thumbnail), cubemapReady: 1, rawUrl: storage.url(rawRel), adjustedRawUrl: url(manifest.images.adjustedRaw),
        desktopUrl: url(manifest.images.desktop), previewUrl: url(manifest.images.preview), cubemapFilePath: storage.url(rel),
        cubemapPreviewUrl: url(manifest.firstView.url), cubemapUrl: url('manifest.json'), mediaVersion: version,
        positionX: null, positionY: null, initialAth: null, initialAtv: null, initialFov: null, videoAttribute: null,
      };
      await this.repos.panoramas.insert(row);
      // The panorama is stored whatever happens here: a size that cannot be recorded now is measured on the next count.
      await this.quotas.recordStored(id).catch(() => undefined);
      await this.refreshThumbnail(buildingId);
      const stored = await this.repos.panoramas.findById(id);
      this.bus.publish(buildingId, stored ? presentStudioPanorama(stored) : { ...pending, status: 'ready', progress: 1 });
    } catch (error) {
      await this.media.sweep([id]).catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      const message = reason.includes(file.fileName) ? reason : `${file.fileName} could not be tiled: ${reason}`;
      this.bus.publish(buildingId, { ...pending, status: 'failed', error: message });
    } finally {
      await discard(file);
    }
  }

  async update(building: BuildingRow, panoramaId: string, body: UpdatePanoramaBody): Promise<StudioTour> {
    await this.requireReady(building, panoramaId);
    const patch: Parameters<Repositories['panoramas']['update']>[1] = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.category !== undefined) patch.category = body.category;
    if (body.customCategory !== undefined) patch.customCategory = body.customCategory || null;
    if (body.category !== undefined && body.category !== 'custom' && body.customCategory === undefined) patch.customCategory = null;
    if (body.category === 'custom' && !(body.customCategory ?? '').trim()) {
      throw new AppError('VALIDATION_FAILED', 'body.customCategory: name the custom category', 'body.customCategory');
    }
    if (body.initialView !== undefined) {
      patch.initialAth = body.initialView?.ath ?? null;
      patch.initialAtv = body.initialView?.atv ?? null;
      patch.initialFov = body.initialView?.fov ?? null;
    }
    if (body.position !== undefined) {
      patch.positionX = body.position?.x ?? null;
      patch.positionY = body.position?.y ?? null;
    }
    if (Object.keys(patch).length > 0) await this.repos.panoramas.update(panoramaId, patch);
    return this.tours.get(building.id);
  }

  /** The new order must name every ready panorama of the tour exactly once. */
  async reorder(building: BuildingRow, panoramaIds: string[]): Promise<StudioTour> {
    const current = (await this.studio.panoramasOf(building.id)).map((p) => p.id);
    const same = panoramaIds.length === current.length && new Set(panoramaIds).size === current.length && panoramaIds.every((id) => current.includes(id));
    if (!same) throw new AppError('VALIDATION_FAILED', 'body.panoramaIds: list every panorama of the tour exactly once', 'body.panoramaIds');
    await this.studio.setPanoramaOrder(building.id, panoramaIds);
    await this.refreshThumbnail(building.id);
    return this.tours.get(building.id);
  }

  /** Deletes a ready panorama (with its markers and media) or dismisses a failed upload. */
  async remove(building: BuildingRow, panoramaId: string): Promise<StudioTour> {
    const pending = this.bus.findPending(building.id, panoramaId);
    if (pending?.status === 'tiling') throw new AppError('CONFLICT', `${pending.name} is still being prepared; delete it when it is ready.`);
    if (pending) {
      this.bus.dismiss(building.id, panoramaId);
      return this.tours.get(building.id);
    }
    await this.requireReady(building, panoramaId);
    await this.studio.deletePanorama(panoramaId);
    await this.media.storage.remove(path.join('panoramas', panoramaId));
    await this.studio.setPanoramaOrder(building.id, (await this.studio.panoramasOf(building.id)).map((p) => p.id));
    await this.refreshThumbnail(building.id);
    return this.tours.get(building.id);
  }

  private async requireReady(building: BuildingRow, panoramaId: string): Promise<void> {
    const row = await this.repos.panoramas.findById(panoramaId);
    if (!row || row.buildingId !== building.id) {
      const pending = this.bus.findPending(building.id, panoramaId);
      if (pending) throw new AppError('CONFLICT', `${pending.name} is not ready yet.`);
      throw new AppError('PANORAMA_NOT_FOUND', NOT_FOUND);
    }
  }

  /** The tour's picture in lists is its first panorama's. */
  private async refreshThumbnail(buildingId: string): Promise<void> {
    const first = (await this.studio.panoramasOf(buildingId))[0];
    await this.repos.buildings.update(buildingId, { thumbnail: first?.thumbnail ?? null });
  }
}
