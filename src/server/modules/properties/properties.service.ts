import type { Company, Marker, Property } from '../../../protocol/tour.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import { bool, json } from '../../db/columns.ts';
import { presentBuildingSummary } from '../buildings/buildings.presenter.ts';
import { isShownMarker, presentMarker } from '../markers/markers.presenter.ts';
import { presentCompany } from '../companies/companies.presenter.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import { isOpenToAll } from '../buildings/tourGate.ts';

const PROPERTY_NOT_FOUND = 'Oops! The link does not exist. The LiveTour cannot be found.';

/** Tours a visitor may walk into from a group link: not hidden, a draft, offline or unavailable. */
const isOpen = (b: BuildingRow) => !b.hidden && !b.draft && !b.isOffline && !b.unavailable;
/** Hidden tours and drafts are nobody's business in a group's public answer. */
const isListed = (b: BuildingRow) => !b.hidden && !b.draft;

export class PropertiesService {
  constructor(private readonly repos: Repositories) {}

  private async require(id: string) {
    const property = await this.repos.properties.findById(id);
    if (!property) throw new AppError('PROPERTY_NOT_FOUND', PROPERTY_NOT_FOUND);
    return property;
  }

  async get(id: string): Promise<Property> {
    const p = await this.require(id);
    const buildings = await this.repos.properties.buildingsOf(id);
    const meta = json<unknown>(p.meta, {});
    return {
      objectId: p.id,
      name: p.name,
      headquarter: { objectId: p.headquarterId },
      markerFinderEnable: bool(p.markerFinderEnable),
      myFavoriteEnable: bool(p.myFavoriteEnable),
      meta: meta && typeof meta === 'object' && !Array.isArray(meta) ? (meta as Record<string, unknown>) : {},
      buildings: buildings.filter(({ building }) => isListed(building)).map(({ index, building }) => ({ index, building: presentBuildingSummary(building) })),
    };
  }

  /** The group's open tours in order: the viewer redirects to the first one. */
  async openLink(id: string) {
    await this.require(id);
    const buildings = await this.repos.properties.buildingsOf(id);
    return {
      objectId: id,
      buildings: buildings.filter(({ building }) => isOpen(building)).map(({ index, building }) => ({ ...presentBuildingSummary(building), index })),
    };
  }

  /**
   * Markers of every open tour of the group: the search scope when the group has marker finder on. A gated tour's
   * markers stay behind its gate (its own search, once through, searches its own markers).
   */
  async allMarkers(id: string): Promise<{ markers: Marker[] }> {
    await this.require(id);
    const ids = (await this.repos.properties.buildingsOf(id)).filter(({ building }) => isOpenToAll(building)).map(({ building }) => building.id);
    const rows = await this.repos.markers.listByBuildings(ids);
    return { markers: rows.filter(isShownMarker).map(presentMarker) };
  }

  async allCompanies(id: string): Promise<{ companies: Record<string, Company> }> {
    await this.require(id);
    const ids = (await this.repos.properties.buildingsOf(id)).map(({ building }) => building.id);
    const rows = await this.repos.companies.listReferencedByBuildings(ids);
    return { companies: Object.fromEntries(rows.map((r) => [r.id, presentCompany(r)])) };
  }
}
