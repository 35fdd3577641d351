import type { Db } from '../../db/database.ts';
import { json, toJson } from '../../db/columns.ts';
import { newId } from '../../db/ids.ts';
import type { WorkingHours } from '../../../protocol/guides.ts';

/** A tour's guide with what the tour ring and the booking calendar need of their account. */
export interface Guide {
  id: string;
  buildingId: string;
  userId: string;
  email: string | null;
  name: string | null;
  username: string;
  languages: string[];
  timeZone: string;
  workingHours: WorkingHours[];
}

export interface GuideSettings {
  languages: string[];
  timeZone: string;
  workingHours: WorkingHours[];
}

export interface GuideInvite extends GuideSettings {
  id: string;
  buildingId: string;
  email: string;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

const guideColumns = [
  'tourGuides.id', 'tourGuides.buildingId', 'tourGuides.userId', 'tourGuides.languages', 'tourGuides.timeZone', 'tourGuides.workingHours',
  'users.email', 'users.name', 'users.username',
] as const;

type GuideRowShape = { id: string; buildingId: string; userId: string; languages: string; timeZone: string; workingHours: string; email: string | null; name: string | null; username: string };
const toGuide = (r: GuideRowShape): Guide => ({
  id: r.id, buildingId: r.buildingId, userId: r.userId, email: r.email, name: r.name, username: r.username,
  languages: json<string[]>(r.languages, []), timeZone: r.timeZone, workingHours: json<WorkingHours[]>(r.workingHours, []),
});

/**
 * SQL of tour guides and pending guide invitations. Replacing the list keeps the row (and id) of every guide who
 * stays, so what refers to a guide (bookings, calls) survives an edit of the list.
 */
export class GuidesRepository {
  constructor(private readonly db: Db) {}

  async list(buildingId: string): Promise<Guide[]> {
    const rows = await this.db.selectFrom('tourGuides').innerJoin('users', 'users.id', 'tourGuides.userId')
      .select(guideColumns).where('tourGuides.buildingId', '=', buildingId).orderBy('tourGuides.createdAt').orderBy('tourGuides.id').execute();
    return rows.map(toGuide);
  }

  /** The tour's guides who speak the language (a code of protocol/guides.ts GuideLanguageSchema). */
  async forLanguage(buildingId: string, lang: string): Promise<Guide[]> {
    // Languages are a small JSON array: filtering in code keeps one query that works on both dialects.
    return (await this.list(buildingId)).filter((g) => g.languages.includes(lang));
  }

  async find(buildingId: string, guideId: string): Promise<Guide | undefined> {
    const row = await this.db.selectFrom('tourGuides').innerJoin('users', 'users.id', 'tourGuides.userId')
      .select(guideColumns).where('tourGuides.buildingId', '=', buildingId).where('tourGuides.id', '=', guideId).executeTakeFirst();
    return row ? toGuide(row) : undefined;
  }

  async isGuide(buildingId: string, userId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('tourGuides').select('id').where('buildingId', '=', buildingId).where('userId', '=', userId).executeTakeFirst());
  }

  /** The tours a user guides (the agent console's list). */
  async toursOf(userId: string): Promise<{ buildingId: string; name: string }[]> {
    return this.db.selectFrom('tourGuides').innerJoin('buildings', 'buildings.id', 'tourGuides.buildingId')
      .select(['tourGuides.buildingId as buildingId', 'buildings.name as name'])
      .where('tourGuides.userId', '=', userId).where('buildings.removedAt', 'is', null).orderBy('buildings.name').execute();
  }

  /** Adds the guide, or changes the settings of the one already there (same tour and account). */
  async upsert(buildingId: string, userId: string, settings: GuideSettings, at: string): Promise<void> {
    const values = { languages: toJson(settings.languages), timeZone: settings.timeZone, workingHours: toJson(settings.workingHours), updatedAt: at };
    await this.db.insertInto('tourGuides').values({ id: newId(12), buildingId, userId, ...values, createdAt: at })
      .onConflict((oc) => oc.columns(['buildingId', 'userId']).doUpdateSet(values)).execute();
  }

  async remove(buildingId: string, userId: string): Promise<void> {
    await this.db.deleteFrom('tourGuides').where('buildingId', '=', buildingId).where('userId', '=', userId).execute();
  }

  /** The tour's whole list becomes exactly these accounts (kept rows keep their ids). */
  async replace(buildingId: string, guides: (GuideSettings & { userId: string })[], at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new GuidesRepository(trx);
      let removal = trx.deleteFrom('tourGuides').where('buildingId', '=', buildingId);
      if (guides.length > 0) removal = removal.where('userId', 'not in', guides.map((g) => g.userId));
      await removal.execute();
      for (const g of guides) await repo.upsert(buildingId, g.userId, g, at);
    });
  }

  async invites(buildingId: string): Promise<GuideInvite[]> {
    const rows = await this.db.selectFrom('tourGuideInvites').selectAll().where('buildingId', '=', buildingId).orderBy('createdAt').orderBy('email').execute();
    return rows.map((r) => ({ ...r, languages: json<string[]>(r.languages, []), workingHours: json<WorkingHours[]>(r.workingHours, []) }));
  }

  /**
   * The tour's pending invitations become exactly these emails: a kept one keeps its token (its mail still works) and
   * takes the new settings; answers the emails that are new, with the token hash given for each.
   */
  async replaceInvites(buildingId: string, invites: (GuideSettings & { email: string; tokenHash: string })[], invitedBy: string | null, at: string, expiresAt: string): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const existing = new Set((await trx.selectFrom('tourGuideInvites').select('email').where('buildingId', '=', buildingId).execute()).map((r) => r.email));
      let removal = trx.deleteFrom('tourGuideInvites').where('buildingId', '=', buildingId);
      if (invites.length > 0) removal = removal.where('email', 'not in', invites.map((i) => i.email));
      await removal.execute();
      const added: string[] = [];
      for (const i of invites) {
        const settings = { languages: toJson(i.languages), timeZone: i.timeZone, workingHours: toJson(i.workingHours) };
        if (existing.has(i.email)) {
          await trx.updateTable('tourGuideInvites').set(settings).where('buildingId', '=', buildingId).where('email', '=', i.email).execute();
        } else {
          await trx.insertInto('tourGuideInvites').values({ id: newId(12), buildingId, email: i.email, ...settings, tokenHash: i.tokenHash, invitedBy, createdAt: at, expiresAt }).execute();
          added.push(i.email);
        }
      }
      return added;
    });
  }

  async inviteByTokenHash(tokenHash: string): Promise<GuideInvite | undefined> {
    const r = await this.db.selectFrom('tourGuideInvites').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
    return r ? { ...r, languages: json<string[]>(r.languages, []), workingHours: json<WorkingHours[]>(r.workingHours, []) } : undefined;
  }

  /** Spends an invitation once: true for the one caller that deleted it. */
  async takeInvite(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('tourGuideInvites').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async settings(buildingId: string): Promise<{ slotMinutes: number; ringTimeoutSeconds: number; tourRingBtn: boolean } | undefined> {
    const r = await this.db.selectFrom('buildings').select(['bookingSlotMinutes', 'ringTimeoutSeconds', 'tourRingBtn']).where('id', '=', buildingId).executeTakeFirst();
    return r ? { slotMinutes: r.bookingSlotMinutes, ringTimeoutSeconds: r.ringTimeoutSeconds, tourRingBtn: r.tourRingBtn === 1 } : undefined;
  }

  async updateSettings(buildingId: string, patch: { slotMinutes?: number | undefined; ringTimeoutSeconds?: number | undefined; tourRingBtn?: boolean | undefined }, at: string): Promise<void> {
    const set: { bookingSlotMinutes?: number; ringTimeoutSeconds?: number; tourRingBtn?: number; updatedAt: string } = { updatedAt: at };
    if (patch.slotMinutes !== undefined) set.bookingSlotMinutes = patch.slotMinutes;
    if (patch.ringTimeoutSeconds !== undefined) set.ringTimeoutSeconds = patch.ringTimeoutSeconds;
    if (patch.tourRingBtn !== undefined) set.tourRingBtn = patch.tourRingBtn ? 1 : 0;
    await this.db.updateTable('buildings').set(set).where('id', '=', buildingId).execute();
  }
}
