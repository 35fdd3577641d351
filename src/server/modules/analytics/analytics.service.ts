import { CLICK_DEDUPE_MS } from '../../../protocol/constants.ts';
import {
  isTrackedVisitor, type AnalyticsQuery, type BuildingAnalytics, type VisitorReport,
} from '../../../protocol/analytics.ts';
import { json } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';
import { presentAnalytics } from './analytics.presenter.ts';
import { dayRange } from './analyticsRange.ts';

/**
 * Seconds a claim may run ahead of the wall time since its visit began: the client counts whole seconds and its
 * request takes a moment to arrive. Anything beyond is capped, so a client cannot inflate viewing time.
 */
export const VIEWING_SLACK_S = 2;
const TOP_MARKERS = 10;
const iso = (ms: number): string => new Date(ms).toISOString();

/** Who is visiting: the account when signed in, else the device's random id, else this one visit. */
function visitorKey(user: SessionUser | null, deviceId: string | undefined, fallback: string): string {
  if (user) return `user:${user.id}`;
  return deviceId ? `device:${deviceId}` : fallback;
}

/** The rules of visitor statistics: what is recorded, capped, de-duplicated and aggregated. */
export class AnalyticsService {
  constructor(
    private readonly repo: AnalyticsRepository,
    /** The clock, replaceable by tests. */
    private readonly now: () => number = Date.now,
  ) {}

  async createHistory(user: SessionUser | null, body: { buildingId: string; linkSource: string; deviceId?: string | undefined }): Promise<{ visitorHistoryId: string }> {
    const building = await this.repo.building(body.buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', 'This tour does not exist.', 'buildingId');
    const id = newId();
    const at = iso(this.now());
    await this.repo.insertHistory({
      id, buildingId: building.id, userId: user?.id ?? null, visitorKey: visitorKey(user, body.deviceId, `visit:${id}`),
      linkSource: body.linkSource, startedAt: at, lastSeenAt: at,
    });
    return { visitorHistoryId: id };
  }

  /** Records the total seconds on screen: never less than before, never more than the visit's wall time + slack. */
  async updateHistory(id: string, claimed: number): Promise<{ visitorHistoryId: string; viewingSeconds: number }> {
    const row = await this.repo.findHistory(id);
    if (!row) throw new AppError('NOT_FOUND', 'This visit is unknown.');
    const now = this.now();
    const wall = Math.max(0, Math.floor((now - Date.parse(row.startedAt)) / 1000)) + VIEWING_SLACK_S;
    // A late keepalive request may carry an older total than one already recorded: keep the larger.
    const viewingSeconds = Math.max(row.viewingSeconds, Math.min(claimed, wall));
    await this.repo.updateHistory(id, { viewingSeconds, lastSeenAt: iso(now) });
    return { visitorHistoryId: id, viewingSeconds };
  }

  async countClick(user: SessionUser | null, address: string, body: { identifier: string; identifierId: string; visitorHistoryId?: string | undefined; deviceId?: string | undefined }): Promise<{ counted: boolean }> {
    const history = body.visitorHistoryId ? await this.repo.findHistory(body.visitorHistoryId) : undefined;
    if (body.visitorHistoryId && !history) throw new AppError('NOT_FOUND', 'This visit is unknown.', 'visitorHistoryId');
    let buildingId = history?.buildingId;
    if (body.identifier === 'marker') {
      const markerBuilding = await this.repo.markerBuilding(body.identifierId);
      if (!markerBuilding || (buildingId && markerBuilding !== buildingId)) throw new AppError('NOT_FOUND', 'This marker does not exist.', 'identifierId');
      buildingId = markerBuilding;
    }
    if (!buildingId) throw new AppError('VALIDATION_FAILED', 'visitorHistoryId: required for anything but a marker.', 'visitorHistoryId');
    const key = history?.visitorKey ?? visitorKey(user, body.deviceId, `address:${address}`);
    const now = this.now();
    const last = await this.repo.lastClickAt(key, body.identifier, body.identifierId);
    if (last && now - Date.parse(last) < CLICK_DEDUPE_MS) return { counted: false };
    await this.repo.insertClick({ id: newId(), buildingId, identifier: body.identifier, identifierId: body.identifierId, visitorKey: key, at: iso(now) });
    return { counted: true };
  }

  /** Section 4's visitor session report, accepted only for the accounts section 5 tracks. */
  async report(user: SessionUser, headquarter: string | undefined, body: VisitorReport): Promise<{ duration: number }> {
    const building = await this.repo.building(body.buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', 'This tour does not exist.', 'buildingId');
    const title = await this.repo.headquarterTitle(building.headquarterId);
    const tracked = isTrackedVisitor({ buildingId: building.id, username: user.username, whiteList: json<string[]>(building.whiteList, []), headquarterTitle: title });
    if (!tracked) throw new AppError('FORBIDDEN', 'Visitor time is recorded only for whitelisted accounts.');
    const now = this.now();
    if (body.startedAt > now + VIEWING_SLACK_S * 1000) throw new AppError('VALIDATION_FAILED', 'startedAt: must not be in the future.', 'startedAt');
    const duration = Math.min(body.duration, Math.floor((now - body.startedAt) / 1000) + VIEWING_SLACK_S);
    await this.repo.upsertReport({
      id: newId(), userId: user.id, buildingId: building.id, headquarter: headquarter ?? null,
      startedAt: iso(body.startedAt), durationSeconds: duration, reportedAt: iso(now),
    });
    return { duration };
  }

  /** The owner's figures; the caller has checked the owner (requireTourEditor). */
  async buildingAnalytics(building: { id: string; name: string }, query: AnalyticsQuery): Promise<BuildingAnalytics> {
    const range = dayRange(query, this.now());
    const [totals, perDay, sources, markers] = await Promise.all([
      this.repo.totals(building.id, range.time),
      this.repo.viewsPerDay(building.id, range.time),
      this.repo.linkSources(building.id, range.time),
      this.repo.topMarkers(building.id, range.time, TOP_MARKERS),
    ]);
    return presentAnalytics({ building, range, totals, perDay, sources, markers });
  }
}
