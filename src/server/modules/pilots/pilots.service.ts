import path from 'node:path';
import { RECORDING_LIMIT_MS } from '../../../protocol/constants.ts';
import {
  PILOT_DURATION_SLACK_MS, PILOT_MESSAGES, PilotRouteSchema, routeReferences, UploadFieldsSchema, type PilotRoute, type Recording, type RecordingWithRoute,
} from '../../../protocol/pilot.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { nowIso } from '../../db/columns.ts';
import { AppError } from '../../errors.ts';
import { inspectAudio } from '../../media/audio/inspectAudio.ts';
import { fileDigest, type MediaStorage } from '../../media/mediaStorage.ts';
import { canEditBuilding } from '../access/policy.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import { presentRecording } from './pilots.presenter.ts';
import { isGated, isOpenToAll, passesGate, withMediaPass } from '../buildings/tourGate.ts';
import type { MediaPasses } from '../mediaAccess/mediaPasses.ts';
import type { PilotsRepository, RecordingSummaryRow } from './pilots.repository.ts';

export interface PilotsOptions {
  /** The recording limit (spec: 10 minutes); a test configuration shortens it. */
  limitMs?: number;
  now?: () => string;
  /** Audio of a tour that is not open to everyone is handed out under a media pass (see mediaAccess). */
  passes?: MediaPasses;
}

/** What the upload route received: the text fields and the audio saved to a temporary file. */
export interface RecordingUpload {
  fields: Record<string, string>;
  audio: { path: string; bytes: number; truncated: boolean } | null;
}

const EXTENSIONS: Record<string, string> = { 'audio/webm': '.webm', 'audio/ogg': '.ogg', 'audio/mp4': '.m4a' };

/** The time the server still takes beyond the limit: the encoder's last frames; a tenth of a short test limit. */
export const slackFor = (limitMs: number): number => Math.min(PILOT_DURATION_SLACK_MS, Math.round(limitMs / 10));

export class PilotsService {
  readonly limitMs: number;
  private readonly now: () => string;
  private readonly passes: MediaPasses | undefined;

  constructor(private readonly repo: PilotsRepository, private readonly repos: Repositories, private readonly media: MediaStorage, opts: PilotsOptions = {}) {
    this.limitMs = opts.limitMs ?? RECORDING_LIMIT_MS;
    this.now = opts.now ?? nowIso;
    this.passes = opts.passes;
  }

  /** A recording as its viewer may fetch it: the audio of a tour not open to everyone goes through a pass. */
  private present<T extends Recording>(recording: T, building: BuildingRow): T {
    return this.passes && !isOpenToAll(building) ? withMediaPass(recording, this.passes.issue(building.id)) : recording;
  }

  private async tour(buildingId: string): Promise<BuildingRow> {
    const building = await this.repos.buildings.findById(buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', 'This tour does not exist.');
    return building;
  }

  async canRecord(user: SessionUser | null, building: BuildingRow): Promise<boolean> {
    if (!user) return false;
    return canEditBuilding(user, building) || this.repo.isPilot(building.id, user.id);
  }

  private canManage(user: SessionUser | null, row: RecordingSummaryRow, building: BuildingRow): boolean {
    return Boolean(user && (row.pilotId === user.id || canEditBuilding(user, building)));
  }

  async availability(user: SessionUser | null, buildingId: string): Promise<{ canRecord: boolean; limitMs: number }> {
    const building = await this.repos.buildings.findById(buildingId);
    return { canRecord: Boolean(building && !building.removedAt && (await this.canRecord(user, building))), limitMs: this.limitMs };
  }

  /** Published recordings for everyone; unpublished ones too for their pilot and the tour's owner and editors. */
  async list(user: SessionUser | null, buildingId: string): Promise<Recording[]> {
    const building = await this.tour(buildingId);
    const editor = Boolean(user && canEditBuilding(user, building));
    // A draft or hidden tour's recordings are its editors' (and pilots' own) until the tour is public; a gated tour's
    // are for those who passed its gate.
    const closed = building.draft === 1 || building.hidden === 1 || (isGated(building) && !passesGate(building, user));
    return (await this.repo.listForTour(buildingId))
      .filter((row) => editor || row.pilotId === user?.id || (!closed && row.published === 1))
      .map((row) => this.present(presentRecording(row, this.media, this.canManage(user, row, building)), building));
  }

  async get(user: SessionUser | null, recordingId: string): Promise<RecordingWithRoute> {
    const { row, building } = await this.visible(user, recordingId);
    const route = PilotRouteSchema.parse(JSON.parse((await this.repo.findRoute(row.id)) ?? 'null'));
    return this.present({ ...presentRecording(row, this.media, this.canManage(user, row, building)), route }, building);
  }

  private async visible(user: SessionUser | null, recordingId: string): Promise<{ row: RecordingSummaryRow; building: BuildingRow }> {
    const row = await this.repo.findSummary(recordingId);
    const building = row ? await this.repos.buildings.findById(row.buildingId) : undefined;
    if (!row || !building || building.removedAt) throw new AppError('NOT_FOUND', PILOT_MESSAGES.notFound);
    const open = row.published === 1 && building.draft !== 1 && building.hidden !== 1 && passesGate(building, user);
    if (!open && !this.canManage(user, row, building)) throw new AppError('NOT_FOUND', PILOT_MESSAGES.notFound);
    return { row, building };
  }

  private async managed(user: SessionUser, recordingId: string): Promise<{ row: RecordingSummaryRow; building: BuildingRow }> {
    const found = await this.visible(user, recordingId);
    if (!this.canManage(user, found.row, found.building)) throw new AppError('FORBIDDEN', PILOT_MESSAGES.notManager);
    return found;
  }

  async update(user: SessionUser, recordingId: string, change: { title?: string; published?: boolean }): Promise<Recording> {
    const { row, building } = await this.managed(user, recordingId);
    await this.repo.update(row.id, {
      ...(change.title !== undefined ? { title: change.title } : {}),
      ...(change.published !== undefined ? { published: change.published ? 1 : 0 } : {}),
      updatedAt: this.now(),
    });
    return this.present(presentRecording((await this.repo.findSummary(row.id))!, this.media, this.canManage(user, row, building)), building);
  }

  async remove(user: SessionUser, recordingId: string): Promise<{ objectId: string }> {
    const { row } = await this.managed(user, recordingId);
    await this.repo.remove(row.id);
    // Equal bytes are stored once: the file goes with the last recording that used it.
    if ((await this.repo.audioUsers(row.audioPath)) === 0) await this.media.remove(row.audioPath);
    return { objectId: row.id };
  }

  /** Checks everything before anything is stored: the pilot, the fields, the route against the tour, the audio by content. */
  async upload(user: SessionUser, buildingId: string, upload: RecordingUpload): Promise<Recording> {
    const building = await this.tour(buildingId);
    if (!(await this.canRecord(user, building))) throw new AppError('FORBIDDEN', PILOT_MESSAGES.notPilot);
    const fields = UploadFieldsSchema.safeParse(upload.fields);
    if (!fields.success) {
      const issue = fields.error.issues[0]!;
      const field = issue.path.join('.') || 'fields';
      throw new AppError('VALIDATION_FAILED', `${field}: ${issue.message}`, field);
    }
    const { title, language, clientId } = fields.data;
    const existing = await this.repo.findByClientId(user.id, clientId);
    if (existing) {
      if (existing.buildingId !== building.id) throw new AppError('CONFLICT', 'clientId: this take was uploaded to another tour.', 'clientId');
      return this.present(presentRecording(existing, this.media, true), building);
    }
    const route = await this.checkRoute(building, fields.data.route);
    const audio = upload.audio;
    if (!audio) throw new AppError('VALIDATION_FAILED', PILOT_MESSAGES.noAudio, 'audio');
    if (audio.truncated) throw new AppError('PAYLOAD_TOO_LARGE', PILOT_MESSAGES.tooLarge, 'audio');
    if (audio.bytes === 0) throw new AppError('VALIDATION_FAILED', PILOT_MESSAGES.empty, 'audio');
    const facts = await inspectAudio(audio.path);
    if (!facts) throw new AppError('UNSUPPORTED_MEDIA', PILOT_MESSAGES.notAudio, 'audio');
    const slack = slackFor(this.limitMs);
    if (facts.durationMs > this.limitMs + slack || route.durationMs > this.limitMs + slack) {
      throw new AppError('VALIDATION_FAILED', this.limitMs === RECORDING_LIMIT_MS ? PILOT_MESSAGES.tooLong : `The recording is longer than ${Math.round(this.limitMs / 1000)} seconds.`, 'audio', { durationMs: facts.durationMs, limitMs: this.limitMs });
    }
    if (facts.durationMs === 0) throw new AppError('VALIDATION_FAILED', PILOT_MESSAGES.empty, 'audio');

    const relative = path.join('pilots', `${await fileDigest(audio.path)}${EXTENSIONS[facts.contentType] ?? ''}`);
    await this.media.copyAtomically(audio.path, relative);
    const at = this.now();
    const [, yaw, pitch, fov] = route.views[0]!;
    const id = newId();
    try {
      await this.repo.insert({
        id, buildingId: building.id, pilotId: user.id, clientId, title, language, durationMs: facts.durationMs, audioPath: relative,
        audioType: facts.contentType, bytes: audio.bytes, cover: JSON.stringify({ panoramaId: route.panoramas[0]!.panoramaId, yaw, pitch, fov }),
        route: JSON.stringify(route), published: 0, createdAt: at, updatedAt: at,
      });
    } catch (error) {
      // Two uploads of the same take at once: the other one stored it.
      const stored = await this.repo.findByClientId(user.id, clientId);
      if (stored) return this.present(presentRecording(stored, this.media, true), building);
      throw error;
    }
    return this.present(presentRecording((await this.repo.findSummary(id))!, this.media, true), building);
  }

  private async checkRoute(building: BuildingRow, text: string): Promise<PilotRoute> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('VALIDATION_FAILED', 'route: not JSON', 'route');
    }
    const parsed = PilotRouteSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError('VALIDATION_FAILED', `route.${issue.path.join('.')}: ${issue.message}`, `route.${issue.path.join('.')}`);
    }
    const { panoramaIds, markerIds } = routeReferences(parsed.data);
    const panoramas = new Set((await this.repos.panoramas.listByBuildings([building.id])).map((p) => p.id));
    const strayPanorama = panoramaIds.find((id) => !panoramas.has(id));
    if (strayPanorama) throw new AppError('VALIDATION_FAILED', `route: ${PILOT_MESSAGES.badRoute} (panorama ${strayPanorama})`, 'route', { panoramaId: strayPanorama });
    if (markerIds.length > 0) {
      const markers = new Set((await this.repos.markers.listByBuildings([building.id])).filter((m) => panoramas.has(m.panoramaId)).map((m) => m.id));
      const strayMarker = markerIds.find((id) => !markers.has(id));
      if (strayMarker) throw new AppError('VALIDATION_FAILED', `route: ${PILOT_MESSAGES.badRoute} (marker ${strayMarker})`, 'route', { markerId: strayMarker });
    }
    return parsed.data;
  }

  async pilots(buildingId: string): Promise<string[]> {
    return (await this.repo.pilots(buildingId)).map((p) => p.username);
  }

  async setPilots(buildingId: string, usernames: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const name of [...new Set(usernames.map((u) => u.trim()).filter(Boolean))]) {
      const user = (await this.repos.users.findByUsername(name)) ?? (await this.repos.users.findByEmail(name));
      if (!user) throw new AppError('VALIDATION_FAILED', `usernames: no account is called "${name}"`, 'usernames', { username: name });
      ids.push(user.id);
    }
    await this.repo.replacePilots(buildingId, ids, this.now());
    return this.pilots(buildingId);
  }
}
