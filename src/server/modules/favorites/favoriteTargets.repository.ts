import type { Db } from '../../db/database.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import type { CompanyRow } from '../companies/companies.repository.ts';
import type { MarkerRow } from '../markers/markers.repository.ts';
import type { PanoramaRow } from '../panoramas/panoramas.repository.ts';

/** A person as a favourite shows them: what the lounge's public card shows, nothing more. */
export interface PersonRow {
  id: string;
  username: string;
  name: string | null;
  nickname: string | null;
  firstName: string | null;
  lastName: string | null;
  companyDisplayName: string | null;
  occupationCustom: string | null;
  portrait: string | null;
  email: string | null;
  phone: string | null;
}

const some = <T>(ids: readonly string[], query: () => Promise<T[]>): Promise<T[]> => (ids.length === 0 ? Promise.resolve([]) : query());

/** What favourites point at, fetched in one query per kind whatever the number of favourites. */
export class FavoriteTargetsRepository {
  constructor(private readonly db: Db) {}

  markers(ids: readonly string[]): Promise<MarkerRow[]> {
    return some(ids, () => this.db.selectFrom('markers').selectAll().where('id', 'in', ids).execute());
  }

  panoramas(ids: readonly string[]): Promise<PanoramaRow[]> {
    return some(ids, () => this.db.selectFrom('panoramas').selectAll().where('id', 'in', ids).execute());
  }

  buildings(ids: readonly string[]): Promise<BuildingRow[]> {
    return some(ids, () => this.db.selectFrom('buildings').selectAll().where('id', 'in', ids).execute());
  }

  companies(ids: readonly string[]): Promise<CompanyRow[]> {
    return some(ids, () => this.db.selectFrom('companies').selectAll().where('id', 'in', ids).execute());
  }

  people(ids: readonly string[]): Promise<PersonRow[]> {
    return some(ids, () => this.db.selectFrom('users')
      .select(['id', 'username', 'name', 'nickname', 'firstName', 'lastName', 'companyDisplayName', 'occupationCustom', 'portrait', 'email', 'phone'])
      .where('id', 'in', ids).execute());
  }

  /** The tours among `ids` that a group with favourites on contains (the group's flag enables them too). */
  async enabledByGroup(ids: readonly string[]): Promise<Set<string>> {
    const rows = await some(ids, () => this.db.selectFrom('propertyBuildings')
      .innerJoin('properties', 'properties.id', 'propertyBuildings.propertyId')
      .select('propertyBuildings.buildingId')
      .where('propertyBuildings.buildingId', 'in', ids).where('properties.myFavoriteEnable', '=', 1)
      .execute());
    return new Set(rows.map((r) => r.buildingId));
  }

  /** Markers that show a company, so "go there" can open one; the oldest first. */
  companyMarkers(companyIds: readonly string[]): Promise<MarkerRow[]> {
    return some(companyIds, () => this.db.selectFrom('markers').selectAll().where('companyId', 'in', companyIds).orderBy('createdAt').orderBy('id').execute());
  }

  /** Pairs (a, b) among `others` with an accepted lounge invitation and no block either way. */
  async connectedWith(userId: string, others: readonly string[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const accepted = await this.db.selectFrom('loungeInvitations').select(['fromUserId', 'toUserId'])
      .where('status', '=', 'accepted')
      .where((eb) => eb.or([
        eb.and([eb('fromUserId', '=', userId), eb('toUserId', 'in', others)]),
        eb.and([eb('toUserId', '=', userId), eb('fromUserId', 'in', others)]),
      ]))
      .execute();
    const blocks = await this.db.selectFrom('loungeBlocks').select(['blockerId', 'blockedId'])
      .where((eb) => eb.or([
        eb.and([eb('blockerId', '=', userId), eb('blockedId', 'in', others)]),
        eb.and([eb('blockedId', '=', userId), eb('blockerId', 'in', others)]),
      ]))
      .execute();
    const blocked = new Set(blocks.map((b) => (b.blockerId === userId ? b.blockedId : b.blockerId)));
    return new Set(accepted.map((i) => (i.fromUserId === userId ? i.toUserId : i.fromUserId)).filter((id) => !blocked.has(id)));
  }
}
