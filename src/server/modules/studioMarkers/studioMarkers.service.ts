import type { FastifyRequest } from 'fastify';
import type { Marker } from '../../../protocol/tour.ts';
import {
  draftFromMarker, MarkerDraftSchema, type MarkerDraft, type StudioMarkersResponse, type UpdateMarkerBody,
} from '../../../protocol/studioMarkers.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import { canEditBuilding, FORBIDDEN_TOUR, requireTourEditor } from '../access/policy.ts';
import { requireUser, type SessionUser } from '../auth/identity.ts';
import { presentMarker } from '../markers/markers.presenter.ts';
import { presentPanorama } from '../panoramas/panoramas.presenter.ts';
import { markersByPanorama } from '../buildings/tourAssembly.ts';
import { draftToColumns } from './markerColumns.ts';
import type { StudioMarkersRepository } from './studioMarkers.repository.ts';

/** Marker authoring: every call checks the tour's editor first (the same 403 for an unknown id). */
export class StudioMarkersService {
  constructor(private readonly repos: Repositories, private readonly markers: StudioMarkersRepository) {}

  /** Signed in first (401), then the tour the panorama belongs to (403 also when the panorama is unknown). */
  private async editorOfPanorama(request: FastifyRequest, panoramaId: string) {
    requireUser(request);
    const panorama = await this.markers.findPanorama(panoramaId);
    if (!panorama) throw new AppError('FORBIDDEN', FORBIDDEN_TOUR);
    const { user } = await requireTourEditor(this.repos, request, panorama.buildingId);
    return { user, panorama };
  }

  private async editorOfMarker(request: FastifyRequest, markerId: string) {
    requireUser(request);
    const marker = await this.markers.findMarker(markerId);
    if (!marker) throw new AppError('FORBIDDEN', FORBIDDEN_TOUR);
    const { user } = await requireTourEditor(this.repos, request, marker.buildingId);
    return { user, marker };
  }

  async listForTour(request: FastifyRequest, buildingId: string): Promise<StudioMarkersResponse> {
    const { user, building } = await requireTourEditor(this.repos, request, buildingId);
    const [panoramas, markers, tours] = await Promise.all([
      this.markers.panoramasOf(buildingId), this.markers.markersOf(buildingId), this.markers.toursOfHeadquarter(building.headquarterId),
    ]);
    const byPanorama = markersByPanorama(markers);
    const editable = tours.filter((t) => t.id === buildingId || canEditBuilding(user, t));
    const targetPanoramas = await this.markers.panoramasOfTours(editable.map((t) => t.id));
    return {
      panoramas: panoramas.map((p) => presentPanorama(p, byPanorama.get(p.id) ?? [])),
      targets: editable.map((t) => ({
        objectId: t.id,
        name: t.name,
        panoramas: targetPanoramas.filter((p) => p.buildingId === t.id).map((p) => ({ objectId: p.id, name: p.name, index: p.index })),
      })),
    };
  }

  async create(request: FastifyRequest, panoramaId: string, draft: MarkerDraft, objectId?: string): Promise<Marker> {
    const { user, panorama } = await this.editorOfPanorama(request, panoramaId);
    await this.checkTarget(user, panorama.buildingId, draft);
    const id = objectId ?? newId();
    if (objectId && (await this.markers.findMarker(objectId))) throw new AppError('CONFLICT', 'A marker with this id exists already.', 'objectId');
    await this.markers.insert({ id, panoramaId, buildingId: panorama.buildingId, category: '[]', ...draftToColumns(draft, null), type: draft.type, ath: draft.position.ath, atv: draft.position.atv });
    return this.present(id);
  }

  /** Merges the fields sent into the stored marker; the result must be valid for its kind. */
  async update(request: FastifyRequest, markerId: string, patch: UpdateMarkerBody): Promise<Marker> {
    const { user, marker } = await this.editorOfMarker(request, markerId);
    const merged = { ...draftFromMarker(presentMarker(marker)), ...patch };
    const parsed = MarkerDraftSchema.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = `body.${issue.path.map(String).join('.') || 'type'}`;
      throw new AppError('VALIDATION_FAILED', `${field}: ${issue.message}`, field);
    }
    await this.checkTarget(user, marker.buildingId, parsed.data);
    await this.markers.update(markerId, draftToColumns(parsed.data, marker.attributes));
    return this.present(markerId);
  }

  async remove(request: FastifyRequest, markerId: string): Promise<{ objectId: string }> {
    await this.editorOfMarker(request, markerId);
    await this.markers.delete(markerId);
    return { objectId: markerId };
  }

  /** A teleport leads to a panorama of this tour, or of another tour the same user may edit. */
  private async checkTarget(user: SessionUser, buildingId: string, draft: MarkerDraft): Promise<void> {
    if (!draft.nextPanoramaId) {
      if (draft.nextBuildingId) throw new AppError('VALIDATION_FAILED', 'body.nextPanoramaId: choose a panorama of the target tour', 'body.nextPanoramaId');
      return;
    }
    const target = await this.markers.findPanorama(draft.nextPanoramaId);
    const targetTour = draft.nextBuildingId ?? buildingId;
    const wrong = () => new AppError('VALIDATION_FAILED', 'body.nextPanoramaId: must be a panorama of this tour or of another tour you edit', 'body.nextPanoramaId');
    if (!target || target.buildingId !== targetTour) throw wrong();
    if (targetTour !== buildingId) {
      const tour = await this.repos.buildings.findById(targetTour);
      if (!tour || tour.removedAt || !canEditBuilding(user, tour)) throw wrong();
    }
  }

  private async present(id: string): Promise<Marker> {
    const row = await this.markers.findMarker(id);
    if (!row) throw new AppError('NOT_FOUND', 'The marker does not exist.');
    return presentMarker(row);
  }
}
