import type { Updateable } from 'kysely';
import type { StudioTour, StudioToursResponse, UpdateTourBody } from '../../../protocol/studio.ts';
import { STUDIO_LIMITS, TOUR_FLAGS } from '../../../protocol/studio.ts';
import type { Repositories } from '../../db/repositories.ts';
import type { BuildingsTable } from '../../db/schema.ts';
import { bit, nowIso } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { MediaStorage } from '../../media/mediaStorage.ts';
import { ensureOwnHeadquarter } from '../access/policy.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import { checkImage, ImageProblem, withFormatExtension } from './imageChecks.ts';
import { FIT_SIDES, fitImage } from '../../media/fitImage.ts';
import { presentProperty, presentStudioTour, presentTourSummary } from './studio.presenter.ts';
import type { StudioRepository } from './studio.repository.ts';
import type { QuotaService } from './quotas.ts';
import type { TilingBus } from './tilingBus.ts';
import type { UploadedFile } from './uploadedFiles.ts';

export type TourImageKind = 'logo' | 'floorplan';

/** Drops empty texts so "no translation" is never stored as an empty one. */
const cleanMulti = (m: Record<string, string>) => JSON.stringify(Object.fromEntries(Object.entries(m).filter(([, v]) => v.trim() !== '')));

/** Usernames compare case-insensitively (spec section 5): keep the first spelling of each. */
function cleanWhiteList(names: string[]): string {
  const seen = new Set<string>();
  return JSON.stringify(names.filter((n) => !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase())));
}

/** Tours as their owners see and change them. Callers have already passed the access policy. */
export class StudioToursService {
  constructor(
    private readonly repos: Repositories,
    private readonly studio: StudioRepository,
    private readonly storage: MediaStorage,
    private readonly bus: TilingBus,
    private readonly quotas: QuotaService,
  ) {}

  /** First visit of a member: gives them a headquarter of their own (the access policy decides who may). */
  async openStudio(user: SessionUser): Promise<{ headquarterId: string; userType: string }> {
    const updated = await ensureOwnHeadquarter(this.repos, user);
    return { headquarterId: updated.headquarterId!, userType: updated.userType };
  }

  async list(headquarterId: string): Promise<StudioToursResponse> {
    const rows = await this.studio.toursOfHeadquarter(headquarterId);
    const properties = await this.studio.propertiesOfHeadquarter(headquarterId);
    const members = await this.studio.propertyBuildingIds(properties.map((p) => p.id));
    return {
      tours: rows.filter((r) => !r.removedAt).map(presentTourSummary),
      removed: rows.filter((r) => r.removedAt).map(presentTourSummary),
      properties: properties.map((p) => presentProperty(p, members.get(p.id) ?? [])),
      usage: await this.quotas.usage(headquarterId),
    };
  }

  async create(user: SessionUser, headquarterId: string, name: string): Promise<StudioTour> {
    await this.quotas.assertTourSlot(headquarterId);
    const id = newId();
    // New tours start as drafts: nobody but the owner and editors sees them until they are published.
    await this.repos.buildings.insert({ id, headquarterId, ownerId: user.id, name, kind: 'BUILDING', draft: 1 });
    return this.get(id);
  }

  /** Publishes a draft (public and listed) or takes a tour back to draft. */
  async setPublished(building: BuildingRow, published: boolean): Promise<StudioTour> {
    await this.repos.buildings.update(building.id, { draft: published ? 0 : 1 });
    return this.get(building.id);
  }

  async get(buildingId: string): Promise<StudioTour> {
    const row = await this.repos.buildings.findById(buildingId);
    if (!row) throw new AppError('TOUR_NOT_FOUND', 'This tour does not exist.');
    return presentStudioTour(row, await this.studio.panoramasOf(buildingId), await this.bus.pendingOf(buildingId));
  }

  /** Only the fields sent change; the body was validated as a whole before anything is written. */
  async update(building: BuildingRow, body: UpdateTourBody): Promise<StudioTour> {
    const patch: Omit<Updateable<BuildingsTable>, 'id' | 'createdAt'> = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.description !== undefined) patch.description = body.description;
    if (body.nameMulti !== undefined) patch.nameMulti = cleanMulti(body.nameMulti);
    if (body.descriptionMulti !== undefined) patch.descriptionMulti = cleanMulti(body.descriptionMulti);
    if (body.themeColor !== undefined) patch.themeColor = body.themeColor;
    if (body.music !== undefined) patch.music = body.music;
    if (body.musicVolume !== undefined) patch.musicVolume = body.musicVolume;
    if (body.geoLatitude !== undefined) patch.geoLatitude = body.geoLatitude;
    if (body.geoLongitude !== undefined) patch.geoLongitude = body.geoLongitude;
    if (body.whiteList !== undefined) patch.whiteList = cleanWhiteList(body.whiteList);
    if (body.embedSites !== undefined) patch.embedSites = body.embedSites.length > 0 ? JSON.stringify(body.embedSites) : null;
    for (const flag of TOUR_FLAGS) if (body[flag] !== undefined) patch[flag] = bit(body[flag]);
    const latitude = body.geoLatitude !== undefined ? body.geoLatitude : building.geoLatitude;
    const longitude = body.geoLongitude !== undefined ? body.geoLongitude : building.geoLongitude;
    if ((latitude == null) !== (longitude == null)) {
      const missing = latitude == null ? 'geoLatitude' : 'geoLongitude';
      throw new AppError('VALIDATION_FAILED', `body.${missing}: give both latitude and longitude, or neither`, `body.${missing}`);
    }
    const touchesMap = body.mapEnable !== undefined || body.geoLatitude !== undefined || body.geoLongitude !== undefined;
    const mapOn = body.mapEnable ?? building.mapEnable === 1;
    if (touchesMap && mapOn && latitude == null) {
      throw new AppError('VALIDATION_FAILED', 'body.mapEnable: set the map location (latitude and longitude) before showing the map', 'body.mapEnable');
    }
    if (Object.keys(patch).length > 0) await this.repos.buildings.update(building.id, patch);
    return this.get(building.id);
  }

  /** Soft delete: visitors get TOUR_REMOVED, the owner can restore it with everything in it. */
  async remove(building: BuildingRow): Promise<{ objectId: string; removedAt: string }> {
    const removedAt = building.removedAt ?? nowIso();
    if (!building.removedAt) await this.repos.buildings.update(building.id, { removedAt });
    return { objectId: building.id, removedAt };
  }

  async restore(building: BuildingRow): Promise<StudioTour> {
    if (building.removedAt) {
      await this.quotas.assertTourSlot(building.headquarterId);
      await this.repos.buildings.update(building.id, { removedAt: null });
    }
    return this.get(building.id);
  }

  /** Logo or floor plan: checked by content, stored content-addressed (the same picture twice costs nothing). */
  async setImage(building: BuildingRow, kind: TourImageKind, file: UploadedFile): Promise<StudioTour> {
    let image;
    try {
      image = await checkImage(file, STUDIO_LIMITS.imageBytes);
    } catch (error) {
      if (error instanceof ImageProblem) throw new AppError(error.code === 'TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', error.message, 'file');
      throw error;
    }
    // A logo is shown small: kept at most FIT_SIDES.logo on its longest side (the floor plan keeps its detail).
    const size = kind === 'logo' ? await fitImage(file.path, FIT_SIDES.logo) : image;
    // Stored under the extension of what the bytes are, whatever the file was called.
    const { url } = await this.storage.storeAsset(await withFormatExtension(file.path, image.format));
    if (kind === 'logo') await this.repos.buildings.update(building.id, { logoUrl: url, logoWidth: size.width, logoHeight: size.height });
    else await this.repos.buildings.update(building.id, { floorplan: url, floorplanWidth: image.width, floorplanHeight: image.height });
    return this.get(building.id);
  }

  async clearImage(building: BuildingRow, kind: TourImageKind): Promise<StudioTour> {
    if (kind === 'logo') await this.repos.buildings.update(building.id, { logoUrl: null, logoWidth: null, logoHeight: null });
    else await this.repos.buildings.update(building.id, { floorplan: null, floorplanWidth: null, floorplanHeight: null });
    return this.get(building.id);
  }
}
