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

export class BuildingsService {
  constructor(private readonly repos: Repositories, private readonly passes: MediaPasses) {}

  /** The sites that may show the tour in a frame (empty: any site; an unknown tour: any, as for every page). */
  async embedSites(id: string): Promise<string[]> {
    const building = await this.repos.buildings.findById(id);
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
    const building = await this.repos.buildings.findById(id);
    if (!building) throw new AppError('TOUR_NOT_FOUND', TOUR_MESSAGES.notFound);
    if (building.removedAt) {
      const [first] = await this.repos.buildings.listByHeadquarter(building.headquarterId, { limit: 1, offset: 0 }, { publicOnly: true, openOnly: true });
      throw new AppError('TOUR_REMOVED', TOUR_MESSAGES.removed, undefined, { firstBuildingId: first?.id ?? null });
    }
    if (building.hidden) throw new AppError('TOUR_HIDDEN', TOUR_MESSAGES.hidden);
    // A draft is the owner's and editors' alone until it is published: anyone else hears what a hidden tour says.
    if (building.draft && !(viewer && canEditBuilding(viewer, building))) throw new AppError('TOUR_HIDDEN', TOUR_MESSAGES.hidden);
    const hq = await this.repos.headquarters.findById(building.headquarterId);
    const layout = hq?.partner ? 'partner' : 'default';
    if (isGated(building) && !passesGate(building, viewer)) return gateScreenTour(building, layout);
    const whiteList = visibleWhiteList(building, viewer);
    if (building.isOffline || building.unavailable) return { ...assembleTour(building, [], [], layout), whiteList };
    const tour: Tour = { ...(await this.assemble([building]))[0]!, layout, whiteList };
    return isOpenToAll(building) ? tour : withMediaPass(tour, this.passes.issue(building.id));
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
