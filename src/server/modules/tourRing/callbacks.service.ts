import { GuideLanguageSchema, LANGUAGE_MESSAGE, PHONE_MESSAGE, REQUIRED_MESSAGE, type Callback, type CallbackBody, type TourRingInfo, calendarPath } from '../../../protocol/tourRing.ts';
import { checkPhone } from '../../../protocol/phone.ts';
import type { Repositories } from '../../db/repositories.ts';
import { bool } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { GuidesDirectory } from './guidesDirectory.ts';
import { presentCallback } from './tourRing.presenter.ts';
import type { TourRingRepository } from './tourRing.repository.ts';
import { reachesTour } from '../buildings/tourGate.ts';
import type { SessionUser } from '../auth/identity.ts';

/**
 * The call page's facts and the call-now form: a call-back request (name, phone checked for the chosen country,
 * a language) kept for the tour's guides, who see it arrive on their console, and its owners.
 */
export class CallbacksService {
  constructor(
    private readonly repo: TourRingRepository,
    private readonly repos: Pick<Repositories, 'buildings'>,
    private readonly guides: GuidesDirectory,
    private readonly opts: { meetingsOn: () => boolean; onCreated: (guideUserIds: string[], callback: Callback) => void; now?: () => number },
  ) {}

  /** `viewer` when a visitor asks (the owners' list is authorised by its route guard). */
  private async tour(buildingId: string, viewer?: SessionUser | null) {
    const building = await this.repos.buildings.findById(buildingId);
    if (!building || building.removedAt || (viewer !== undefined && !reachesTour(building, viewer))) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.");
    return building;
  }

  async info(buildingId: string, viewer: SessionUser | null): Promise<TourRingInfo> {
    const building = await this.tour(buildingId, viewer);
    const guides = await this.guides.list(building.id);
    return {
      buildingId: building.id,
      name: building.name,
      button: bool(building.tourRingBtn) && guides.length > 0,
      hasGuides: guides.length > 0,
      meetingsOn: this.opts.meetingsOn(),
      languages: [...new Set(guides.flatMap((g) => g.languages))].sort(),
      ringTimeoutMs: await this.guides.ringTimeoutMs(building.id),
      calendarPath: calendarPath(building.id),
    };
  }

  /** Section 5: name and phone are needed (the phone valid for its country), and a language must be chosen. */
  async create(buildingId: string, body: CallbackBody, viewer: SessionUser | null): Promise<Callback> {
    const building = await this.tour(buildingId, viewer);
    const visitorUserId = viewer?.id ?? null;
    const name = body.name.trim();
    if (!name) throw new AppError('VALIDATION_FAILED', `name: ${REQUIRED_MESSAGE}`, 'name');
    const phone = checkPhone(body.phone, body.country);
    if (!phone) throw new AppError('VALIDATION_FAILED', `phone: ${PHONE_MESSAGE}`, 'phone');
    const guides = await this.guides.list(building.id);
    const spoken = new Set(guides.flatMap((g) => g.languages));
    const language = body.language.trim();
    // A tour with guides takes call-backs in their languages; one without any still takes a well-formed language.
    if (!GuideLanguageSchema.safeParse(language).success || (spoken.size > 0 && !spoken.has(language))) {
      throw new AppError('VALIDATION_FAILED', `language: ${LANGUAGE_MESSAGE}`, 'language');
    }
    const row = {
      id: newId(), buildingId: building.id, name, phone, country: body.country, language, note: body.note?.trim() ?? '',
      visitorUserId, createdAt: new Date((this.opts.now ?? Date.now)()).toISOString(),
    };
    await this.repo.insertCallback(row);
    const callback = presentCallback({ ...row, tourName: building.name });
    this.opts.onCreated(guides.map((g) => g.userId), callback);
    return callback;
  }

  /** The owners' list in the studio (the route guard has checked who asks). */
  async forTour(buildingId: string): Promise<Callback[]> {
    await this.tour(buildingId);
    return (await this.repo.callbacks([buildingId], 1000)).map(presentCallback);
  }
}
