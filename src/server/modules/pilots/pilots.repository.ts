import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PilotRecordingsTable } from '../../db/schema.ts';

export type RecordingRow = Selectable<PilotRecordingsTable>;
/** A recording without its route (lists never need it). */
export type RecordingSummaryRow = Omit<RecordingRow, 'route'> & { pilotName: string };

const SUMMARY = [
  'pilotRecordings.id', 'pilotRecordings.buildingId', 'pilotRecordings.pilotId', 'pilotRecordings.clientId', 'pilotRecordings.title',
  'pilotRecordings.language', 'pilotRecordings.durationMs', 'pilotRecordings.audioPath', 'pilotRecordings.audioType', 'pilotRecordings.bytes',
  'pilotRecordings.cover', 'pilotRecordings.published', 'pilotRecordings.createdAt', 'pilotRecordings.updatedAt',
] as const;

/** SQL of the tours' pilots and their recordings. */
export class PilotsRepository {
  constructor(private readonly db: Db) {}

  private summaries() {
    return this.db.selectFrom('pilotRecordings').innerJoin('users', 'users.id', 'pilotRecordings.pilotId')
      .select([...SUMMARY, 'users.name as userName', 'users.nickname', 'users.firstName', 'users.lastName', 'users.username']);
  }

  async listForTour(buildingId: string): Promise<RecordingSummaryRow[]> {
    const rows = await this.summaries().where('pilotRecordings.buildingId', '=', buildingId).orderBy('pilotRecordings.createdAt', 'desc').orderBy('pilotRecordings.id').execute();
    return rows.map(withPilotName);
  }

  async findSummary(id: string): Promise<RecordingSummaryRow | undefined> {
    const row = await this.summaries().where('pilotRecordings.id', '=', id).executeTakeFirst();
    return row && withPilotName(row);
  }

  async findRoute(id: string): Promise<string | undefined> {
    return (await this.db.selectFrom('pilotRecordings').select('route').where('id', '=', id).executeTakeFirst())?.route;
  }

  async findByClientId(pilotId: string, clientId: string): Promise<RecordingSummaryRow | undefined> {
    const row = await this.summaries().where('pilotRecordings.pilotId', '=', pilotId).where('pilotRecordings.clientId', '=', clientId).executeTakeFirst();
    return row && withPilotName(row);
  }

  async insert(row: Insertable<PilotRecordingsTable>): Promise<void> {
    await this.db.insertInto('pilotRecordings').values(row).execute();
  }

  async update(id: string, change: { title?: string; published?: number; updatedAt: string }): Promise<void> {
    await this.db.updateTable('pilotRecordings').set(change).where('id', '=', id).execute();
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('pilotRecordings').where('id', '=', id).execute();
  }

  /** Other recordings that share the same audio file (content-addressed storage stores equal bytes once). */
  async audioUsers(audioPath: string): Promise<number> {
    const row = await this.db.selectFrom('pilotRecordings').select((eb) => eb.fn.countAll<number | string>().as('n')).where('audioPath', '=', audioPath).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async pilots(buildingId: string): Promise<{ userId: string; username: string }[]> {
    return this.db.selectFrom('tourPilots').innerJoin('users', 'users.id', 'tourPilots.userId')
      .select(['tourPilots.userId as userId', 'users.username as username']).where('tourPilots.buildingId', '=', buildingId).orderBy('users.username').execute();
  }

  async isPilot(buildingId: string, userId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('tourPilots').select('userId').where('buildingId', '=', buildingId).where('userId', '=', userId).executeTakeFirst());
  }

  async replacePilots(buildingId: string, userIds: string[], now: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('tourPilots').where('buildingId', '=', buildingId).execute();
      if (userIds.length > 0) await trx.insertInto('tourPilots').values(userIds.map((userId) => ({ buildingId, userId, createdAt: now }))).execute();
    });
  }
}

type Joined = Omit<RecordingSummaryRow, 'pilotName'> & { userName: string | null; nickname: string | null; firstName: string | null; lastName: string | null; username: string };

/** The name visitors see: never an email address (visitor accounts use theirs as the username). */
function withPilotName(row: Joined): RecordingSummaryRow {
  const { userName, nickname, firstName, lastName, username, ...rest } = row;
  const full = [firstName, lastName].filter(Boolean).join(' ').trim();
  const pilotName = userName?.trim() || nickname?.trim() || full || username.split('@')[0] || username;
  return { ...rest, pilotName };
}
