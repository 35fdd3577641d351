import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { VisitorFormsTable, VisitorVerificationsTable } from '../../db/schema.ts';

export type VerificationRow = Selectable<VisitorVerificationsTable>;

/** Visitor forms and email verifications. Every state change is one conditional UPDATE, so two requests cannot both win. */
export class VisitorRepository {
  constructor(private readonly db: Db) {}

  async insertForm(row: Insertable<VisitorFormsTable>): Promise<void> {
    await this.db.insertInto('visitorForms').values(row).execute();
  }

  async insertVerification(row: Insertable<VisitorVerificationsTable>): Promise<void> {
    await this.db.insertInto('visitorVerifications').values(row).execute();
  }

  findVerification(id: string): Promise<VerificationRow | undefined> {
    return this.db.selectFrom('visitorVerifications').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The newest verification sent to an email (for a code entered with the email instead of the id). */
  findLatestForEmail(email: string): Promise<VerificationRow | undefined> {
    return this.db
      .selectFrom('visitorVerifications')
      .selectAll()
      .where('email', '=', email)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  findByLinkTokenHash(hash: string): Promise<VerificationRow | undefined> {
    return this.db.selectFrom('visitorVerifications').selectAll().where('linkTokenHash', '=', hash).executeTakeFirst();
  }

  /** Marks a live verification used (or dead). True only for the one call that did it. */
  async consume(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('visitorVerifications')
      .set({ consumedAt: at })
      .where('id', '=', id)
      .where('consumedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Counts one wrong code; the attempt that reaches `max` also kills the verification. Returns the attempts after
   * this one, or null when the verification was already dead (nothing counted).
   */
  async countWrongAttempt(id: string, max: number, at: string): Promise<number | null> {
    const result = await this.db
      .updateTable('visitorVerifications')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumedAt', 'is', null)
      .where('attempts', '<', max)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const row = await this.findVerification(id);
    const attempts = row?.attempts ?? max;
    if (attempts >= max) await this.consume(id, at);
    return attempts;
  }
}
