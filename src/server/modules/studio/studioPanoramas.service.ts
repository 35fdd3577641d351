import fs from 'node:fs/promises';
import path from 'node:path';
import type { StudioPanorama, StudioTour, UpdatePanoramaBody, UploadResult } from '../../../protocol/studio.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { fileDigest, type MediaStorage } from '../../media/mediaStorage.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import { checkPanorama, ImageProblem, withFormatExtension } from './imageChecks.ts';
import { refreshTourThumbnail } from './panoramaTiling.ts';
import type { StudioRepository } from './studio.repository.ts';
import type { StudioToursService } from './studioTours.service.ts';
import type { QuotaService } from './quotas.ts';
import type { TilingBus } from './tilingBus.ts';
import type { TilingJobs } from './tilingJobs.ts';
import { discard, type UploadedFile } from './uploadedFiles.ts';

/** What the studio needs to have uploads tiled: the media storage and where tiling jobs go. */
export interface StudioMedia {
  storage: MediaStorage;
  jobs: TilingJobs;
  /** Removes what no row references under these panoramas' folders (after a failed job). */
  sweep: (panoramaIds: string[]) => Promise<unknown>;
}
const NOT_FOUND = 'This panorama does not exist in this tour.';

const displayName = (fileName: string) => path.basename(fileName).replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim().slice(0, 200) || 'Panorama';

/**
 * Panoramas of a tour: upload (each file checked alone), tiling in the background with live progress, then one
 * row per ready panorama. Rows are written only after their media exists, so visitors never see half a panorama.
 */
export class StudioPanoramasService {
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
      await this.bus.publish(building.id, panorama);
      await this.queueTiling(building, panorama, file, format);
      results.push({ ok: true, fileName: file.fileName, panorama });
    }
    return results;
  }

  /**
   * A panorama's place is decided when its file is accepted, not when its tiling ends: the tour keeps the order in
   * which the owner added the photographs, whichever finishes first.
   */
  private async reserveIndex(buildingId: string): Promise<number> {
    const tiling = (await this.bus.pendingOf(buildingId)).filter((p) => p.status === 'tiling').map((p) => p.index);
    return Math.max(await this.studio.nextPanoramaIndex(buildingId), ...tiling.map((i) => i + 1));
  }

  /** Resolves when every tiling job this process started so far has ended (tests and a graceful stop). */
  async idle(): Promise<void> {
    await this.media.jobs.idle();
  }

  /**
   * Keeps the source in media storage, where any process that tiles can read it (it stays as the panorama's
   * original), then queues the job. The upload's temporary file goes whatever happens.
   */
  private async queueTiling(building: BuildingRow, pending: StudioPanorama, file: UploadedFile, format: string): Promise<void> {
    const { storage, jobs } = this.media;
    try {
      const source = await withFormatExtension(file.path, format);
      const version = await fileDigest(source);
      const sourceRel = path.join('panoramas', pending.objectId, `raw-${version}${path.extname(source)}`);
      await storage.copyAtomically(source, sourceRel);
      await jobs.enqueue({ buildingId: building.id, headquarterId: building.headquarterId, pending, sourceRel, version });
    } catch (error) {
      await this.media.sweep([pending.objectId]).catch(() => undefined);
      await this.bus.publish(building.id, { ...pending, status: 'failed', error: `${file.fileName} could not be tiled: ${(error as Error).message}` });
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
    await refreshTourThumbnail({ repos: this.repos, studio: this.studio }, building.id);
    return this.tours.get(building.id);
  }

  /** Deletes a ready panorama (with its markers and media) or dismisses a failed upload. */
  async remove(building: BuildingRow, panoramaId: string): Promise<StudioTour> {
    // The bus drops an entry whose panorama has a row: a ready panorama is deleted even if its "ready" was lost.
    const pending = await this.bus.findPending(building.id, panoramaId);
    if (pending?.status === 'tiling') throw new AppError('CONFLICT', `${pending.name} is still being prepared; delete it when it is ready.`);
    if (pending) {
      await this.bus.dismiss(building.id, panoramaId);
      return this.tours.get(building.id);
    }
    await this.requireReady(building, panoramaId);
    await this.studio.deletePanorama(panoramaId);
    await this.media.storage.remove(path.join('panoramas', panoramaId));
    await this.studio.setPanoramaOrder(building.id, (await this.studio.panoramasOf(building.id)).map((p) => p.id));
    await refreshTourThumbnail({ repos: this.repos, studio: this.studio }, building.id);
    return this.tours.get(building.id);
  }

  private async requireReady(building: BuildingRow, panoramaId: string): Promise<void> {
    const row = await this.repos.panoramas.findById(panoramaId);
    if (!row || row.buildingId !== building.id) {
      const pending = await this.bus.findPending(building.id, panoramaId);
      if (pending) throw new AppError('CONFLICT', `${pending.name} is not ready yet.`);
      throw new AppError('PANORAMA_NOT_FOUND', NOT_FOUND);
    }
  }
}
