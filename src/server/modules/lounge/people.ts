import type { LoungeRole, PersonCard, PersonContact } from '../../../protocol/lounge.ts';
import { canEditBuilding } from '../access/policy.ts';
import type { LoungeRepository, PersonRow } from './lounge.repository.ts';
import type { TourInfo } from './scope.ts';
import type { TicketRow, TicketsRepository } from './tickets.repository.ts';

/**
 * A person's role in a tour's lounge: the role of the ticket they signed in with there; else exhibitor or guide by
 * their account type; the tour's owner and editors are its guides; everyone else is a visitor.
 */
export function roleOf(person: PersonRow, tour: TourInfo | undefined, ticket: TicketRow | undefined): LoungeRole {
  if (ticket && (ticket.role === 'exhibitor' || ticket.role === 'guide' || ticket.role === 'visitor')) return ticket.role;
  if (person.userType === 'exhibitor') return 'exhibitor';
  if (person.userType === 'agent' || person.userType === 'guide') return 'guide';
  if (tour && canEditBuilding({ ...person, name: person.name, email: person.email }, tour)) return 'guide';
  return 'visitor';
}

export const displayName = (p: PersonRow, ticket?: TicketRow): string =>
  p.name?.trim() || [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || ticket?.name?.trim() || p.username;

/** Where a person is: the tour (and panorama) of one of their connections; null for someone offline. */
export interface Whereabouts {
  userId: string;
  tourId: string | null;
  panoramaId: string | null;
}

export interface DirectoryEntry {
  card: PersonCard;
  row: PersonRow;
  contact: PersonContact;
}

/** Builds the cards everyone may see, in a handful of queries whatever the number of people. */
export class PeopleDirectory {
  constructor(private readonly repo: LoungeRepository, private readonly tickets: TicketsRepository) {}

  async entries(people: readonly Whereabouts[]): Promise<Map<string, DirectoryEntry>> {
    const ids = [...new Set(people.map((p) => p.userId))];
    const tourIds = [...new Set(people.map((p) => p.tourId).filter((id): id is string => id !== null))];
    const panoramaIds = [...new Set(people.map((p) => p.panoramaId).filter((id): id is string => id !== null))];
    const [rows, logins, tours, panoramas, tickets] = await Promise.all([
      this.repo.people(ids),
      this.repo.lastLogins(ids),
      this.repo.tours(tourIds),
      this.repo.panoramas(panoramaIds),
      this.tickets.anyBoundTo(ids),
    ]);
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const tourById = new Map(tours.map((t) => [t.id, t]));
    const panoramaById = new Map(panoramas.map((p) => [p.id, p]));
    const out = new Map<string, DirectoryEntry>();
    for (const where of people) {
      const row = rowById.get(where.userId);
      if (!row || out.has(row.id)) continue;
      const mine = tickets.filter((t) => t.userId === row.id);
      // The ticket of the tour they are in counts first, then any other.
      const ticket = mine.find((t) => t.buildingId === where.tourId) ?? mine[0];
      const tour = where.tourId ? tourById.get(where.tourId) : undefined;
      const panorama = where.panoramaId ? panoramaById.get(where.panoramaId) : undefined;
      out.set(row.id, {
        row,
        contact: { email: row.email ?? ticket?.email ?? null, phone: row.phone?.trim() || null },
        card: {
          userId: row.id,
          name: displayName(row, ticket),
          company: row.companyDisplayName?.trim() || null,
          occupation: row.occupationCustom?.trim() || null,
          portrait: row.portrait ?? null,
          role: roleOf(row, tour, ticket),
          lastLoginAt: logins.get(row.id) ?? null,
          place: tour ? { tourId: tour.id, tourName: tour.name, panoramaId: panorama?.id ?? null, panoramaName: panorama?.name ?? null } : null,
        },
      });
    }
    return out;
  }
}
