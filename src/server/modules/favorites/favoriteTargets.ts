import { FAVORITE_MARKER_TYPES, type FavoriteKey, type FavoriteTarget } from '../../../protocol/favorites.ts';
import type { MultiText } from '../../../protocol/tour.ts';
import { bool, json } from '../../db/columns.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import type { CompanyRow } from '../companies/companies.repository.ts';
import type { MarkerRow } from '../markers/markers.repository.ts';
import { isShownMarker } from '../markers/markers.presenter.ts';
import { normalizeCategory } from '../panoramas/panoramas.presenter.ts';
import type { PanoramaRow } from '../panoramas/panoramas.repository.ts';
import type { FavoriteTargetsRepository, PersonRow } from './favoriteTargets.repository.ts';
import { tourVisibleTo } from './tourAccess.ts';

/** A favourite to resolve: its key and, for people and companies, the tour it was saved from. */
export interface TargetRequest extends FavoriteKey {
  buildingId?: string | null | undefined;
}

const SAVABLE_MARKERS: readonly string[] = FAVORITE_MARKER_TYPES;
export const isSavableMarker = (row: Pick<MarkerRow, 'type'>): boolean => isShownMarker(row) && SAVABLE_MARKERS.includes(row.type);

/** A multilingual field: stored as JSON text; damaged or odd values mean "no translations". */
function multi(text: string | null | undefined): MultiText {
  const value = json<unknown>(text, {});
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}

const firstPhoto = (photo: string | null): string | null => (photo ?? '').split(',').map((p) => p.trim()).find((p) => p !== '') ?? null;

function markerImage(row: MarkerRow): string | null {
  const photo = firstPhoto(row.photo);
  if (photo) return photo;
  const entries = json<unknown>(row.multitagInfo, []);
  if (!Array.isArray(entries)) return null;
  const withPhoto = entries.find((e: { mainPhoto?: unknown; hidden?: unknown }) => typeof e?.mainPhoto === 'string' && e.hidden !== true) as { mainPhoto: string } | undefined;
  return withPhoto?.mainPhoto ?? null;
}

export const personName = (p: PersonRow): string =>
  p.name?.trim() || p.nickname?.trim() || [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.username;

const blank: Omit<FavoriteTarget, 'title'> = {
  titleMulti: {}, description: '', descriptionMulti: {}, price: null, priceMulti: {}, image: null, kind: null, company: null,
  contact: null, buildingId: null, buildingName: null, buildingNameMulti: {}, panoramaId: null, markerId: null, position: null,
};

const tourPart = (b: BuildingRow) => ({ buildingId: b.id, buildingName: b.name, buildingNameMulti: multi(b.nameMulti) });

/** Everything the favourites of one call point at, loaded in a handful of queries. */
interface Loaded {
  markers: Map<string, MarkerRow>;
  panoramas: Map<string, PanoramaRow>;
  buildings: Map<string, BuildingRow>;
  companies: Map<string, CompanyRow>;
  companyMarkers: MarkerRow[];
  people: Map<string, PersonRow>;
  enabledByGroup: Set<string>;
  connected: Set<string>;
}

const byId = <T extends { id: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.id, r]));
const idsOf = (items: readonly TargetRequest[], ...categories: FavoriteKey['identifier'][]) =>
  [...new Set(items.filter((i) => categories.includes(i.identifier)).map((i) => i.identifierId))];

/**
 * Resolves favourites to what they show (section 3's categories) for one visitor. An item that is gone, or whose tour
 * the visitor may not see, resolves to null: the dialog says it is no longer available and the PDF leaves it out.
 */
export class FavoriteTargets {
  constructor(private readonly repo: FavoriteTargetsRepository) {}

  async resolve(viewer: SessionUser | null, items: readonly TargetRequest[]): Promise<Array<FavoriteTarget | null>> {
    const loaded = await this.load(viewer, items);
    return items.map((item) => this.target(viewer, item, loaded));
  }

  /** Whether favourites are on for a tour: its own flag or the flag of a group it belongs to. */
  async favoritesOn(building: BuildingRow): Promise<boolean> {
    return bool(building.myFavoriteEnable) || (await this.repo.enabledByGroup([building.id])).has(building.id);
  }

  async company(id: string): Promise<CompanyRow | undefined> {
    return (await this.repo.companies([id]))[0];
  }

  async building(id: string): Promise<BuildingRow | undefined> {
    return (await this.repo.buildings([id]))[0];
  }

  /** The tour a favourite belongs to (markers, panoramas, tours) or was saved from (people, companies). */
  async owningTour(item: TargetRequest): Promise<BuildingRow | undefined | 'gone'> {
    const id = item.identifierId;
    switch (item.identifier) {
      case 'marker': {
        const [m] = await this.repo.markers([id]);
        return m && isSavableMarker(m) ? this.building(m.buildingId) : 'gone';
      }
      case 'panorama': {
        const [p] = await this.repo.panoramas([id]);
        return p?.rawUrl ? this.building(p.buildingId) : 'gone';
      }
      case 'card':
        return (await this.building(id)) ?? 'gone';
      default:
        return item.buildingId ? this.building(item.buildingId) : undefined;
    }
  }

  private async load(viewer: SessionUser | null, items: readonly TargetRequest[]): Promise<Loaded> {
    const companyIds = idsOf(items, 'company');
    const personIds = idsOf(items, 'user', 'nameCard');
    const [markers, panoramas, companies, companyMarkers, people, connected] = await Promise.all([
      this.repo.markers(idsOf(items, 'marker')),
      this.repo.panoramas(idsOf(items, 'panorama')),
      this.repo.companies(companyIds),
      this.repo.companyMarkers(companyIds),
      this.repo.people(personIds),
      viewer ? this.repo.connectedWith(viewer.id, idsOf(items, 'nameCard')) : Promise.resolve(new Set<string>()),
    ]);
    const buildingIds = new Set<string>([
      ...markers.map((m) => m.buildingId), ...panoramas.map((p) => p.buildingId), ...companyMarkers.map((m) => m.buildingId),
      ...idsOf(items, 'card'), ...items.flatMap((i) => (i.buildingId ? [i.buildingId] : [])),
    ]);
    const buildings = byId(await this.repo.buildings([...buildingIds]));
    return {
      markers: byId(markers), panoramas: byId(panoramas), buildings, companies: byId(companies), companyMarkers, people: byId(people),
      enabledByGroup: await this.repo.enabledByGroup([...buildings.keys()]), connected,
    };
  }

  private visible(viewer: SessionUser | null, buildingId: string | null | undefined, loaded: Loaded): BuildingRow | null {
    const b = buildingId ? loaded.buildings.get(buildingId) : undefined;
    return b && tourVisibleTo(b, viewer) ? b : null;
  }

  private target(viewer: SessionUser | null, item: TargetRequest, loaded: Loaded): FavoriteTarget | null {
    switch (item.identifier) {
      case 'marker': {
        const m = loaded.markers.get(item.identifierId);
        const b = m && isSavableMarker(m) ? this.visible(viewer, m.buildingId, loaded) : null;
        if (!m || !b) return null;
        return {
          ...blank, ...tourPart(b),
          title: m.name ?? '', titleMulti: multi(m.nameMulti), description: m.description ?? '', descriptionMulti: multi(m.descriptionMulti),
          price: m.price, priceMulti: multi(m.priceMulti), image: markerImage(m), kind: m.type,
          panoramaId: m.panoramaId, markerId: m.id, position: { ath: m.ath, atv: m.atv },
        };
      }
      case 'panorama': {
        const p = loaded.panoramas.get(item.identifierId);
        const b = p?.rawUrl ? this.visible(viewer, p.buildingId, loaded) : null;
        if (!p || !b) return null;
        // kind: a room category of section 3, or the custom category's own text (the client translates the former).
        const { category, customCategory } = normalizeCategory(p.category, p.customCategory);
        const kind = category === 'custom' ? customCategory?.trim() || null : category;
        return { ...blank, ...tourPart(b), title: p.name, image: p.thumbnail ?? p.previewUrl, kind, panoramaId: p.id };
      }
      case 'card': {
        const b = this.visible(viewer, item.identifierId, loaded);
        if (!b) return null;
        return { ...blank, ...tourPart(b), title: b.name, titleMulti: multi(b.nameMulti), description: b.description, descriptionMulti: multi(b.descriptionMulti), image: b.thumbnail };
      }
      case 'company': {
        const c = loaded.companies.get(item.identifierId);
        if (!c) return null;
        // "Go there" opens the first marker that shows the company in a tour the visitor may see.
        const shown = loaded.companyMarkers.find((m) => m.companyId === c.id && isShownMarker(m) && this.visible(viewer, m.buildingId, loaded));
        const context = this.visible(viewer, item.buildingId, loaded);
        const home = shown ? this.visible(viewer, shown.buildingId, loaded) : context?.headquarterId === c.headquarterId ? context : null;
        if (!home) return null;
        return {
          ...blank, ...tourPart(home), title: c.name, titleMulti: multi(c.nameMulti), description: c.description, image: c.logoUrl, kind: c.category,
          panoramaId: shown?.panoramaId ?? null, markerId: shown?.id ?? null, position: shown ? { ath: shown.ath, atv: shown.atv } : null,
        };
      }
      case 'user':
      case 'nameCard': {
        const p = loaded.people.get(item.identifierId);
        if (!p) return null;
        const contact = item.identifier === 'nameCard' && loaded.connected.has(p.id) ? { email: p.email, phone: p.phone?.trim() || null } : null;
        return { ...blank, title: personName(p), image: p.portrait, kind: p.occupationCustom?.trim() || null, company: p.companyDisplayName?.trim() || null, contact };
      }
    }
  }
}
