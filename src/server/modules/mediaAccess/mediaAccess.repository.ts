import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';

/** A tour that references a media file, with what decides who may see it. */
export type MediaOwner = Pick<BuildingRow,
  'id' | 'headquarterId' | 'ownerId' | 'requireVisitorData' | 'requireWhiteListing' | 'hidden' | 'draft' | 'removedAt' | 'isOffline' | 'unavailable'>;

export interface MediaOwners {
  tours: MediaOwner[];
  /** Referenced as something every visitor sees before any gate: a tour's logo, a company's logo, a profile picture. */
  publicReference: boolean;
}

const OWNER_COLUMNS = [
  'buildings.id', 'buildings.headquarterId', 'buildings.ownerId', 'buildings.requireVisitorData', 'buildings.requireWhiteListing',
  'buildings.hidden', 'buildings.draft', 'buildings.removedAt', 'buildings.isOffline', 'buildings.unavailable',
] as const;

/** Columns (snake_case) that may hold a media URL, alone or inside text, HTML or JSON. */
const BUILDING_TEXT = ['buildings.thumbnail', 'buildings.floorplan', 'buildings.music', 'buildings.intro_assets_attribute', 'buildings.meta',
  'buildings.description', 'buildings.description_multi', 'buildings.bookings'];
const PANORAMA_TEXT = ['panoramas.raw_url', 'panoramas.adjusted_raw_url', 'panoramas.desktop_url', 'panoramas.preview_url', 'panoramas.thumbnail',
  'panoramas.cubemap_preview_url', 'panoramas.cubemap_url', 'panoramas.video_attribute'];
const MARKER_TEXT = ['markers.photo', 'markers.icon_url', 'markers.link', 'markers.attributes', 'markers.multitag_info', 'markers.videoplay_attribute',
  'markers.description', 'markers.description_multi', 'markers.action_link_multi', 'markers.price_multi'];

const likePattern = (url: string) => `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const mentions = (columns: readonly string[], url: string): Array<Expression<SqlBool>> =>
  columns.map((c) => sql<SqlBool>`${sql.raw(c)} like ${likePattern(url)} escape '\\'`);

/**
 * Who references a media file. Looked up by the URL the rows keep (a tile set by its folder, anything else by its
 * URL anywhere in the columns that carry media), so rows that share a file (content-addressed assets, copied
 * panoramas) are all found.
 */
export class MediaAccessRepository {
  constructor(private readonly db: Db) {}

  /** Tours whose panoramas publish the tile set in this folder (`/media/panoramas/<id>/<version>`). */
  async ownersOfFolder(folderUrl: string): Promise<MediaOwners> {
    const tours = await this.db
      .selectFrom('panoramas')
      .innerJoin('buildings', 'buildings.id', 'panoramas.buildingId')
      .select(OWNER_COLUMNS)
      .where('panoramas.cubemapFilePath', '=', folderUrl)
      .execute();
    return { tours, publicReference: false };
  }

  /** The tour of a guided-tour recording's audio (`pilots/<digest>.<ext>`, as pilot_recordings.audio_path keeps it). */
  async ownersOfPilotAudio(relative: string): Promise<MediaOwners> {
    const tours = await this.db
      .selectFrom('pilotRecordings')
      .innerJoin('buildings', 'buildings.id', 'pilotRecordings.buildingId')
      .select(OWNER_COLUMNS)
      .where('pilotRecordings.audioPath', '=', relative)
      .execute();
    return { tours, publicReference: false };
  }

  /** Tours whose building, panoramas or markers mention this file, and whether anything shows it publicly. */
  async ownersOfFile(url: string): Promise<MediaOwners> {
    const [asLogo, buildings, panoramas, markers, companies, users] = await Promise.all([
      this.db.selectFrom('buildings').select('id').where('logoUrl', '=', url).where('removedAt', 'is', null).limit(1).execute(),
      this.db.selectFrom('buildings').select(OWNER_COLUMNS).where((eb) => eb.or(mentions(BUILDING_TEXT, url))).execute(),
      this.db.selectFrom('panoramas').innerJoin('buildings', 'buildings.id', 'panoramas.buildingId').select(OWNER_COLUMNS)
        .where((eb) => eb.or(mentions(PANORAMA_TEXT, url))).execute(),
      this.db.selectFrom('markers').innerJoin('buildings', 'buildings.id', 'markers.buildingId').select(OWNER_COLUMNS)
        .where((eb) => eb.or(mentions(MARKER_TEXT, url))).execute(),
      this.db.selectFrom('companies').select('id').where('logoUrl', '=', url).limit(1).execute(),
      this.db.selectFrom('users').select('id').where((eb) => eb.or([eb('portrait', '=', url), eb('coverPhotoUrl', '=', url)])).limit(1).execute(),
    ]);
    const byId = new Map([...buildings, ...panoramas, ...markers].map((t) => [t.id, t]));
    return { tours: [...byId.values()], publicReference: asLogo.length + companies.length + users.length > 0 };
  }
}
