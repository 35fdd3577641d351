import path from 'node:path';
import type { AccountUsage } from '../../../protocol/studio.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import type { StudioRepository } from './studio.repository.ts';
import type { TilingBus } from './tilingBus.ts';

/** What one account (headquarter) may hold; null means no limit. */
export interface QuotaLimits {
  tours: number | null;
  panoramas: number | null;
  storageBytes: number | null;
}

/**
 * What a panorama takes on disk against the photograph uploaded: the kept original, the tiles of every level and
 * the small views (re-encoded at viewing quality, so more bytes than a strongly compressed camera JPEG; a source
 * that is already a suitable JPEG is kept as it is for the desktop view too, media/tiler/reusableSource.ts).
 * Measured at 4.2x on the test photograph (tests/integration/quotas.test.ts prints it); an upload is let in only if
 * its estimate fits, and the real size replaces the estimate once the panorama is stored.
 */
export const STORED_PER_UPLOADED_BYTE = 4.5;

/** A refused file of an upload, in the upload's own result shape. */
export interface QuotaRefusal {
  code: 'QUOTA_EXCEEDED';
  message: string;
}

const formatBytes = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1e6))} MB`);

/**
 * Per-account quotas, so one account cannot take the server: tours (removed ones free their place), panoramas and
 * stored bytes (removed tours still count: their media is kept so they can be restored). Checked when a tour is
 * created or restored and when each uploaded file arrives; a panorama's real size is recorded when its tiling ends.
 */
export class QuotaService {
  constructor(
    private readonly studio: StudioRepository,
    private readonly storage: MediaStorage,
    private readonly bus: TilingBus,
    readonly limits: QuotaLimits,
  ) {}

  /** The account's usage with its limits; panoramas never measured (stored before sizes were kept) are measured now. */
  async usage(headquarterId: string): Promise<AccountUsage> {
    const found = await this.studio.usageOfHeadquarter(headquarterId);
    let storedBytes = found.storedBytes;
    for (const id of found.unmeasured) {
      const bytes = await this.storage.bytesUnder(path.join('panoramas', id));
      await this.studio.setStoredBytes(id, bytes);
      storedBytes += bytes;
    }
    let tiling = 0;
    for (const tour of await this.studio.toursOfHeadquarter(headquarterId)) {
      tiling += (await this.bus.pendingOf(tour.id)).filter((p) => p.status === 'tiling').length;
    }
    return { tours: found.tours, panoramas: found.panoramas + tiling, storedBytes, limits: { ...this.limits } };
  }

  /** Before a tour is created or restored. */
  async assertTourSlot(headquarterId: string): Promise<void> {
    const limit = this.limits.tours;
    if (limit === null) return;
    const { tours } = await this.usage(headquarterId);
    if (tours >= limit) {
      throw new AppError('QUOTA_EXCEEDED', `This account has reached its limit of ${limit} tours. Remove a tour you no longer need, or ask the administrator for a higher limit.`, undefined, { kind: 'tours', limit });
    }
  }

  /**
   * For an upload: a function that answers, file by file in order, whether it still fits (null) or why not. Each
   * accepted file takes its place and its estimated bytes, so a batch cannot overshoot the quota together.
   */
  async uploadGate(headquarterId: string): Promise<(fileName: string, bytes: number) => QuotaRefusal | null> {
    const { panoramas: panoramaLimit, storageBytes: byteLimit } = this.limits;
    if (panoramaLimit === null && byteLimit === null) return () => null;
    const usage = await this.usage(headquarterId);
    let panoramas = usage.panoramas;
    let storedBytes = usage.storedBytes;
    return (fileName, bytes) => {
      if (panoramaLimit !== null && panoramas >= panoramaLimit) {
        return { code: 'QUOTA_EXCEEDED', message: `${fileName} was not added: this account has reached its limit of ${panoramaLimit} panoramas.` };
      }
      const estimate = Math.ceil(bytes * STORED_PER_UPLOADED_BYTE);
      if (byteLimit !== null && storedBytes + estimate > byteLimit) {
        return { code: 'QUOTA_EXCEEDED', message: `${fileName} was not added: it needs about ${formatBytes(estimate)} and this account has ${formatBytes(Math.max(0, byteLimit - storedBytes))} of its ${formatBytes(byteLimit)} left.` };
      }
      panoramas += 1;
      storedBytes += estimate;
      return null;
    };
  }

  /** Once a panorama is stored: its real size replaces the estimate. */
  async recordStored(panoramaId: string): Promise<void> {
    await this.studio.setStoredBytes(panoramaId, await this.storage.bytesUnder(path.join('panoramas', panoramaId)));
  }
}
