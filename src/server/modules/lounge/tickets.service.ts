import { randomInt } from 'node:crypto';
import type { LoungeRole } from '../../../protocol/lounge.ts';
import {
  normalizeTicket, TICKET_MESSAGES, ticketFormatProblem,
  type StudioTicket, type TicketImportAnswer, type TicketLoginAnswer, type TicketLoginBody,
} from '../../../protocol/loungeTickets.ts';
import type { Repositories } from '../../db/repositories.ts';
import { newId } from '../../db/ids.ts';
import { AppError } from '../../errors.ts';
import type { SessionUser } from '../auth/identity.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { toCsv } from '../analytics/csv.ts';
import type { LoungeRepository } from './lounge.repository.ts';
import { resolveScope } from './scope.ts';
import { parseTicketCsv } from './ticketCsv.ts';
import type { NewTicket, TicketsRepository, TicketWithUser } from './tickets.repository.ts';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const TICKET_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomTicket = (): string => {
  const part = () => Array.from({ length: 5 }, () => TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
};

export const presentTicket = (t: TicketWithUser): StudioTicket => ({
  objectId: t.id,
  number: t.number,
  name: t.name,
  email: t.email,
  role: (['exhibitor', 'guide'].includes(t.role) ? t.role : 'visitor') as LoungeRole,
  createdAt: t.createdAt,
  usedAt: t.usedAt,
  usedBy: t.userId ? { userId: t.userId, name: t.userName ?? '' } : null,
});

/** Lounge tickets: issued by a tour's owners in the studio, spent by a visitor to sign in to the tour's lounge. */
export class TicketsService {
  constructor(
    private readonly repos: Repositories,
    private readonly tickets: TicketsRepository,
    private readonly lounge: LoungeRepository,
    private readonly auth: AuthService,
    private readonly clock: () => number = Date.now,
  ) {}

  private now = () => new Date(this.clock()).toISOString();

  async list(buildingId: string): Promise<StudioTicket[]> {
    return (await this.tickets.list(buildingId)).map(presentTicket);
  }

  async generate(buildingId: string, count: number, role: LoungeRole): Promise<StudioTicket[]> {
    const taken = await this.tickets.numbersOf(buildingId);
    const rows: NewTicket[] = [];
    while (rows.length < count) {
      const number = randomTicket();
      if (taken.has(number)) continue;
      taken.add(number);
      rows.push({ id: newId(), buildingId, number, name: null, email: null, role, createdAt: this.now() });
    }
    await this.tickets.insertMany(rows);
    const made = new Set(rows.map((r) => r.id));
    return (await this.list(buildingId)).filter((t) => made.has(t.objectId));
  }

  async import(buildingId: string, csv: string): Promise<TicketImportAnswer> {
    const { rows, problems } = parseTicketCsv(csv);
    const taken = await this.tickets.numbersOf(buildingId);
    const fresh: NewTicket[] = [];
    let duplicates = 0;
    for (const row of rows) {
      if (taken.has(row.number)) {
        duplicates += 1;
        continue;
      }
      taken.add(row.number);
      fresh.push({ id: newId(), buildingId, number: row.number, name: row.name, email: row.email, role: row.role, createdAt: this.now() });
    }
    await this.tickets.insertMany(fresh);
    const made = new Set(fresh.map((r) => r.id));
    return { created: fresh.length, duplicates, problems, tickets: (await this.list(buildingId)).filter((t) => made.has(t.objectId)) };
  }

  async exportCsv(buildingId: string): Promise<string> {
    const rows = await this.tickets.list(buildingId);
    return toCsv([
      ['ticket', 'name', 'email', 'role', 'status', 'used_by', 'used_at'],
      ...rows.map((t) => [t.number, t.name, t.email, t.role, t.usedAt ? 'used' : 'unused', t.userName, t.usedAt]),
    ]);
  }

  async remove(buildingId: string, ticketId: string): Promise<{ ok: true }> {
    const ticket = await this.tickets.find(buildingId, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND', 'This ticket does not exist.');
    if (!(await this.tickets.deleteUnused(buildingId, ticketId))) throw new AppError('CONFLICT', 'A used ticket stays bound to its account and cannot be deleted.');
    return { ok: true };
  }

  /**
   * Section 5: the number is required, must exist for this lounge and be unused; once used it is bound to the account.
   * A signed-in visitor's ticket is bound to their account; anyone else gets a visitor account made from the ticket.
   */
  async login(user: SessionUser | null, body: Required<TicketLoginBody>): Promise<TicketLoginAnswer> {
    const format = ticketFormatProblem(body.ticketNumber);
    if (format === 'required') throw new AppError('VALIDATION_FAILED', TICKET_MESSAGES.required, 'ticketNumber');
    if (format === 'invalid') throw new AppError('TICKET_INVALID', TICKET_MESSAGES.invalid, 'ticketNumber');
    const number = normalizeTicket(body.ticketNumber);
    const scope = await resolveScope(this.lounge, body.tourId, body.groupId);
    const ticket = await this.tickets.findByNumber(scope.tourIds, number);
    if (!ticket) throw new AppError('TICKET_NOT_FOUND', TICKET_MESSAGES['not-found'], 'ticketNumber');
    if (ticket.usedAt) {
      if (user && ticket.userId === user.id) return { session: null, ticketNumber: number };
      throw new AppError('TICKET_USED', TICKET_MESSAGES.used, 'ticketNumber');
    }
    if (user) {
      if (!(await this.tickets.use(ticket.id, user.id, this.now()))) throw new AppError('TICKET_USED', TICKET_MESSAGES.used, 'ticketNumber');
      return { session: null, ticketNumber: number };
    }
    // The ticket's email stays on the ticket (shown to connections as the contact address): putting it on the account
    // would claim that address for good without anyone having proved they own the mailbox.
    const userId = newId();
    await this.repos.users.insert({
      id: userId, username: `ticket.${ticket.id}.${userId}`, email: null, passwordHash: null, userType: 'visitor',
      name: ticket.name ?? `${number}`, firstName: null, lastName: null,
    });
    if (!(await this.tickets.use(ticket.id, userId, this.now()))) {
      // Another sign-in spent the ticket a moment earlier: this account is never used.
      await this.lounge.deleteAccount(userId);
      throw new AppError('TICKET_USED', TICKET_MESSAGES.used, 'ticketNumber');
    }
    return { session: await this.auth.startSession((await this.repos.users.findById(userId))!), ticketNumber: number };
  }
}
