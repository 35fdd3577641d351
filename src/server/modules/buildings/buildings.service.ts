import { z } from 'zod';
import type { BuildingSummary, Tour } from '../../../protocol/tour.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import type { BuildingRow } from './buildings.repository.ts';
import { assembleTour } from './tourAssembly.ts';
import { presentBuildingSummary } from './buildings.presenter.ts';
import { TOUR_MESSAGES } from './tourMessages.ts';
import { canEditBuilding } from '../access/policy.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { MediaPasses } from '../mediaAccess/mediaPasses.ts';
import { gateScreenTour, isGated, isOpenToAll, passesGate, visibleWhiteList, withMediaPass } from './tourGate.ts';
import { embedSitesOf } from './embedSites.ts';
import { TourAnswerCache } from './tourAnswerCache.ts';
import { TourRowCache } from './tourRowCache.ts';
import { EncodedAnswer } from './encodedAnswer.ts';
import { OpenLinkResponseSchema } from '../../../protocol/readApi.ts';
import { readOwnerSettings, type OwnerSettings } from '../../../protocol/ownerSettings.ts';
import { json } from '../../db/columns.ts';

/** openLink's answer: the tour, and when it is the tour itself (not an error, gate screen or offline notice) its serialised form. */
export interface OpenLinkAnswer {
  tour: Tour;
  answer?: EncodedAnswer;
}

export class BuildingsService {
  private readonly cache: TourAnswerCache;
  private readonly rows: TourRowCache;

  constructor(private readonly repos: Repositories, private readonly passes: MediaPasses, opts: { cacheCapacity?: number } = {}) {
    this.cache = new TourAnswerCache(opts.cacheCapacity);
    this.rows = new TourRowCache(opts.cacheCapacity);
  }

  /**
   * The tour's row as it is now in the database: this process's copy when the row's stamp (one small primary-key
   * read) is the copy's, else the whole row read again. Every access rule is decided from it.
   */
  private async currentRow(id: string): Promise<BuildingRow | undefined> {
    const stamp = await this.repos.buildings.stampOf(id);
    if (!stamp) {
      this.rows.forget(id);
      this.cache.forget(id);
      return undefined;
    }
    const held = this.rows.get(id, stamp);
    if (held) return held;
    const row = await this.repos.buildings.findById(id);
    if (row) this.rows.keep(row);
    return row;
  }

  /** The sites that may show the tour in a frame (empty: any site; an unknown tour: any, as for every page). */
  async embedSites(id: string): Promise<string[]> {
    const building = await this.currentRow(id);
    return building ? embedSitesOf(building) : [];
  }

  /**
   * The tour as the viewer opens it (section 4, tour availability):
   * unknown -> 404 TOUR_NOT_FOUND; removed -> 410 TOUR_REMOVED with the first tour of its list to redirect to;
   * hidden, or a draft to anyone but its editors -> 403 TOUR_HIDDEN; offline or unavailable -> the tour's flags without panoramas (the viewer shows
   * tour-not-found, and nothing of an offline tour leaks). A gated tour answers someone who has not passed its gate with
   * the gate screen's fields only. A tour that is not open to everyone carries its media URLs under a pass (see
   * mediaAccess), so its files are served to the people this answer was for; whiteList only ever reaches editors.
   */
  async openLink(id: string, viewer: SessionUser | null = null): Promise<Tour> {
    return (await this.openLinkAnswer(id, viewer)).tour;
  }

  /**
   * openLink with, when the answer is the tour itself, its serialised form (ETag, precompressed bodies). Every rule
   * above is decided per request from the tour's row as it is now (currentRow); only then is the assembled tour taken
   * from the cache, stamped with the row's content version (so a write anywhere is seen at once) and the media pass.
   * The cached answer is the one every requester who passed the rules gets (whiteList empty); an editor or a listed
   * visitor gets a copy with their own whiteList added.
   */
  async openLinkAnswer(id: string, viewer: SessionUser | null = null): Promise<OpenLinkAnswer> {
    const building = await this.currentRow(id);
    if (!building) {
      throw new AppError('TOUR_NOT_FOUND', TOUR_MESSAGES.notFound);
    }
    if (building.removedAt) {
      const [first] = await this.repos.buildings.listByHeadquarter(building.headquarterId, { limit: 1, offset: 0 }, { publicOnly: true, openOnly: true });
      throw new AppError('TOUR_REMOVED', TOUR_MESSAGES.removed, undefined, { firstBuildingId: first?.id ?? null });
    }
    if (building.hidden) throw new AppError('TOUR_HIDDEN', TOUR_MESSAGES.hidden);
    // A draft is the owner's and editors' alone until it is published: anyone else hears what a hidden tour says.
    if (building.draft && !(viewer && canEditBuilding(viewer, building))) throw new AppError('TOUR_HIDDEN', TOUR_MESSAGES.hidden);
    if (isGated(building) && !passesGate(building, viewer)) return { tour: gateScreenTour(building, await this.layoutOf(building)) };
    const whiteList = visibleWhiteList(building, viewer);
    if (building.isOffline || building.unavailable) return { tour: { ...assembleTour(building, [], [], await this.layoutOf(building), await this.ownerSettingsOf(building)), whiteList } };
    const pass = isOpenToAll(building) ? null : this.passes.issue(building.id);
    const stamp = { tourId: building.id, version: building.contentVersion, createdAt: building.createdAt, pass };
    const shared = await this.cache.get(stamp, async () => {
      // The owner's settings are read inside the stamp too: a trigger on users.settings raises the version of the
      // owner's tours (migration add-owner-settings-version), so a changed switch is never served from the cache.
      const [layout, ownerSettings] = await Promise.all([this.layoutOf(building), this.ownerSettingsOf(building)]);
      const tour: Tour = { ...(await this.assemble([building]))[0]!, layout, ownerSettings, whiteList: [] };
      // Encoded as the route's response schema would (unknown fields dropped), so the cached text is what it sends.
      return z.encode(OpenLinkResponseSchema, pass ? withMediaPass(tour, pass) : tour);
    });
    if (whiteList.length === 0) return { tour: shared.tour, answer: shared.answer };
    const own: Tour = { ...shared.tour, whiteList };
    return { tour: own, answer: new EncodedAnswer(JSON.stringify(own), false) };
  }

  private async ownerSettingsOf(building: BuildingRow): Promise<OwnerSettings> {
    const owner = await this.repos.users.findById(building.ownerId);
    return readOwnerSettings(json<unknown>(owner?.settings, {}));
  }

  private async layoutOf(building: BuildingRow): Promise<Tour['layout']> {
    const hq = await this.repos.headquarters.findById(building.headquarterId);
    return hq?.partner ? 'partner' : 'default';
  }

  /** Several tours with their panoramas and markers in three queries, not one per tour. */
  async assemble(buildings: readonly BuildingRow[]): Promise<Tour[]> {
    const ids = buildings.map((b) => b.id);
    const [panoramas, markers] = await Promise.all([this.repos.panoramas.listByBuildings(ids), this.repos.markers.listByBuildings(ids)]);
    return buildings.map((b) => assembleTour(b, panoramas.filter((p) => p.buildingId === b.id), markers.filter((m) => m.buildingId === b.id)));
  }

  /** The tour the route named "default" (/) opens: the first tour created that visitors may open. */
  async defaultTour(): Promise<{ objectId: string | null }> {
    const first = await this.repos.buildings.firstOpen();
    return { objectId: first?.id ?? null };
  }

  async logo(id: string): Promise<{ logoUrl: string | null; logoSize: { width: number; height: number } | null }> {
    const b = await this.repos.buildings.findById(id);
    if (!b || b.removedAt) throw new AppError('TOUR_NOT_FOUND', TOUR_MESSAGES.notFound);
    return {
      logoUrl: b.logoUrl,
      logoSize: b.logoWidth != null && b.logoHeight != null ? { width: b.logoWidth, height: b.logoHeight } : null,
    };
  }

  /**
   * The tour list of the user named in the `username` header. With skipLogin the public list is given to anyone;
   * without it a signed-in session is needed (sessions arrive with accounts), so it answers 401.
   */
  async listAll(username: string, page: { limit: number; offset: number; skipLogin: boolean }): Promise<{ buildingList: BuildingSummary[]; total: number }> {
    if (!page.skipLogin) throw new AppError('UNAUTHENTICATED', 'Sign in to list every tour, or pass skipLogin=true for the public list.');
    const user = await this.repos.users.findByUsername(username);
    if (!user?.headquarterId) return { buildingList: [], total: 0 };
    const opts = { publicOnly: true };
    const [rows, total] = await Promise.all([
      this.repos.buildings.listByHeadquarter(user.headquarterId, page, opts),
      this.repos.buildings.countByHeadquarter(user.headquarterId, opts),
    ]);
    return { buildingList: rows.map(presentBuildingSummary), total };
  }
}
