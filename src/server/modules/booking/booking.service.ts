import {
  BOOKING_HORIZON_DAYS, BOOKING_JOIN_EARLY_MINUTES, BOOKING_LEAD_MINUTES, type Booking, type ManagedBooking, type SlotsAnswer,
} from '../../../protocol/booking.ts';
import type { BookingBodySchema } from '../../../protocol/booking.ts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/dbErrors.ts';
import { newId } from '../../db/ids.ts';
import type { Repositories } from '../../db/repositories.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashToken, newSessionToken } from '../auth/sessionTokens.ts';
import type { Guide, GuidesRepository } from '../guides/guides.repository.ts';
import type { MeetingsService } from '../meetings/meetings.service.ts';
import type { BookingRepository, BookingRow } from './booking.repository.ts';
import { bookingMail, type BookingMailKind } from './bookingMail.ts';
import { freeSlots } from './slots.ts';
import { reachesTour } from '../buildings/tourGate.ts';
import type { SessionUser } from '../auth/identity.ts';

const MINUTE = 60_000;
export const BOOKING_MESSAGES = {
  taken: 'This time was just booked by someone else. Please choose another time.',
  unavailable: 'This time is not offered any more. Please choose another time.',
  notFound: 'This booking link is not valid. Open the link from your confirmation email.',
  cancelled: 'This booking was cancelled.',
  notYet: 'The meeting opens a few minutes before the booked time.',
  over: 'The booked time is over.',
} as const;

export interface BookingServiceOptions {
  publicUrl: string;
  mailer: Mailer;
  now?: () => Date;
  onMailError?: (error: unknown) => void;
}

type ParsedBookingBody = z.output<typeof BookingBodySchema>;

/**
 * The booking calendar: free times from the guides' weekly hours (in their zones), existing bookings and the tour's
 * slot length; booking one (the database's unique index decides between simultaneous visitors), the confirmation
 * mails with their .ics, and the manage links' cancel, move and join.
 */
export class BookingService {
  constructor(
    private readonly repos: Repositories,
    private readonly guides: GuidesRepository,
    private readonly repo: BookingRepository,
    private readonly meetings: MeetingsService | null,
    private readonly opts: BookingServiceOptions,
  ) {}

  private now(): Date {
    return this.opts.now?.() ?? new Date();
  }

  /** `viewer` when a visitor asks (the manage links of a booking already made are their own proof). */
  private async tour(buildingId: string, viewer?: SessionUser | null) {
    const building = await this.repos.buildings.findById(buildingId);
    if (!building || building.removedAt) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.");
    if (viewer !== undefined && !reachesTour(building, viewer)) throw new AppError('TOUR_NOT_FOUND', "Sorry, this LiveTour doesn't exist.");
    const settings = (await this.guides.settings(buildingId))!;
    return { building, slotMinutes: settings.slotMinutes };
  }

  /** The earliest bookable start and the end of the calendar. */
  private window(): { earliest: Date; horizon: Date } {
    const now = this.now().getTime();
    return { earliest: new Date(now + BOOKING_LEAD_MINUTES * MINUTE), horizon: new Date(now + BOOKING_HORIZON_DAYS * 24 * 60 * MINUTE) };
  }

  async slots(buildingId: string, query: { language?: string | undefined; from?: string | undefined; days: number }, viewer: SessionUser | null): Promise<SlotsAnswer> {
    const { slotMinutes } = await this.tour(buildingId, viewer);
    const all = await this.guides.list(buildingId);
    const languages = [...new Set(all.flatMap((g) => g.languages))];
    const language = query.language && languages.includes(query.language) ? query.language : (query.language ? null : languages[0] ?? null);
    const { earliest, horizon } = this.window();
    const from = query.from && new Date(query.from) > earliest ? new Date(query.from) : earliest;
    const to = new Date(Math.min(from.getTime() + query.days * 24 * 60 * MINUTE, horizon.getTime()));
    const guides = language ? all.filter((g) => g.languages.includes(language)) : [];
    const free = from < to ? freeSlots(guides, await this.repo.taken(buildingId, from.toISOString(), to.toISOString()), from, to, slotMinutes) : new Map();
    const slots = [...free.keys()].map((start) => ({ start, end: new Date(new Date(start).getTime() + slotMinutes * MINUTE).toISOString() }));
    return { slotMinutes, languages, language, horizon: horizon.toISOString(), slots };
  }

  /** The guides who work a slot starting at `start` (booked or not): the candidates of a booking there. */
  private async workingAt(buildingId: string, start: Date, slotMinutes: number, language: string): Promise<Guide[]> {
    const { earliest, horizon } = this.window();
    if (start < earliest || start >= horizon) return [];
    const guides = (await this.guides.list(buildingId)).filter((g) => g.languages.includes(language));
    const working = freeSlots(guides, new Set(), start, new Date(start.getTime() + MINUTE), slotMinutes).get(start.toISOString()) ?? [];
    return guides.filter((g) => working.includes(g.id));
  }

  async book(buildingId: string, body: ParsedBookingBody, viewer: SessionUser | null): Promise<Booking> {
    const { building, slotMinutes } = await this.tour(buildingId, viewer);
    const start = new Date(body.start);
    const candidates = await this.workingAt(buildingId, start, slotMinutes, body.language);
    if (candidates.length === 0) throw new AppError('BOOKING_SLOT_UNAVAILABLE', BOOKING_MESSAGES.unavailable, 'start');
    const taken = await this.repo.taken(buildingId, start.toISOString(), new Date(start.getTime() + MINUTE).toISOString());
    const visitorToken = newSessionToken();
    const guideToken = newSessionToken();
    for (const guide of candidates) {
      if (taken.has(`${guide.id}|${start.toISOString()}`)) continue;
      const row: BookingRow = {
        id: newId(12), buildingId, guideId: guide.id, guideUserId: guide.userId, guideName: guide.name ?? guide.username,
        startsAt: start.toISOString(), endsAt: new Date(start.getTime() + slotMinutes * MINUTE).toISOString(),
        language: body.language, name: body.name, email: body.email, phone: body.phone, note: body.note, timeZone: body.timeZone, locale: body.locale,
        visitorTokenHash: hashToken(visitorToken), guideTokenHash: hashToken(guideToken), meetingId: null, createdAt: this.now().toISOString(), cancelledAt: null,
      };
      try {
        await this.repo.insert(row);
      } catch (error) {
        // Another visitor (on this process or another) took this guide at this time a moment ago: try the next guide.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      await this.mailBoth('confirmed', row, building.name, guide, visitorToken, guideToken);
      return this.present(row, building.name);
    }
    throw new AppError('BOOKING_SLOT_TAKEN', BOOKING_MESSAGES.taken, 'start');
  }

  private manageUrl(token: string): string {
    return `${this.opts.publicUrl.replace(/\/$/, '')}/booking?key=${token}`;
  }

  private async mailBoth(kind: BookingMailKind, row: BookingRow, tourName: string, guide: Pick<Guide, 'email' | 'username' | 'languages' | 'timeZone'> | null, visitorToken: string | null, guideToken: string | null): Promise<void> {
    try {
      await this.sendMails(kind, row, tourName, guide, visitorToken, guideToken);
    } catch (error) {
      // The booking stands even if its mail cannot be made or sent; the owner sees it in the studio.
      this.opts.onMailError?.(error);
    }
  }

  private async sendMails(kind: BookingMailKind, row: BookingRow, tourName: string, guide: Pick<Guide, 'email' | 'username' | 'languages' | 'timeZone'> | null, visitorToken: string | null, guideToken: string | null): Promise<void> {
    const guideEmail = guide?.email ?? '';
    const sequence = Math.floor(this.now().getTime() / 1000) - 1_700_000_000;
    const sends = [];
    // A moved or cancelled booking's mail carries no link when the token is not at hand (stored only as a hash).
    sends.push(bookingMail(kind, row, tourName, guideEmail, { role: 'visitor', email: row.email, lang: row.locale, timeZone: row.timeZone, manageUrl: visitorToken ? this.manageUrl(visitorToken) : '' }, sequence));
    if (guideEmail) {
      sends.push(bookingMail(kind, row, tourName, guideEmail, {
        role: 'guide', email: guideEmail, lang: guide?.languages[0] ?? 'en', timeZone: guide?.timeZone ?? 'UTC', manageUrl: guideToken ? this.manageUrl(guideToken) : '',
      }, sequence));
    }
    for (const message of sends) await this.opts.mailer.send(message).catch((error: unknown) => this.opts.onMailError?.(error));
  }

  private present(row: BookingRow, tourName: string): Booking {
    return {
      id: row.id, buildingId: row.buildingId, tourName, start: row.startsAt, end: row.endsAt, language: row.language, guideName: row.guideName,
      status: row.cancelledAt ? 'cancelled' : 'booked',
    };
  }

  private async byToken(token: string) {
    const found = await this.repo.byTokenHash(hashToken(token));
    if (!found) throw new AppError('BOOKING_NOT_FOUND', BOOKING_MESSAGES.notFound, 'token');
    const building = await this.repos.buildings.findById(found.row.buildingId);
    return { ...found, tourName: building?.name ?? '' };
  }

  async manage(token: string): Promise<ManagedBooking> {
    const { row, role, tourName } = await this.byToken(token);
    const opens = new Date(new Date(row.startsAt).getTime() - BOOKING_JOIN_EARLY_MINUTES * MINUTE);
    const now = this.now();
    return {
      ...this.present(row, tourName), role, visitorName: row.name, joinOpensAt: opens.toISOString(),
      canJoin: !row.cancelledAt && now >= opens && now < new Date(row.endsAt),
    };
  }

  private async guideOf(row: BookingRow): Promise<Guide | null> {
    return row.guideId ? (await this.guides.find(row.buildingId, row.guideId)) ?? null : null;
  }

  async cancel(token: string): Promise<ManagedBooking> {
    const { row, tourName } = await this.byToken(token);
    if (await this.repo.cancel(row.id, this.now().toISOString())) {
      await this.mailBoth('cancelled', { ...row, cancelledAt: this.now().toISOString() }, tourName, await this.guideOf(row), null, null);
    }
    return this.manage(token);
  }

  /** Another time with the same guide (the unique index again decides a race); both get the updated invitation. */
  async move(token: string, startIso: string): Promise<ManagedBooking> {
    const { row, role, tourName } = await this.byToken(token);
    if (row.cancelledAt) throw new AppError('BOOKING_CANCELLED', BOOKING_MESSAGES.cancelled);
    const { slotMinutes } = await this.tour(row.buildingId);
    const start = new Date(startIso);
    const working = await this.workingAt(row.buildingId, start, slotMinutes, row.language);
    if (!working.some((g) => g.id === row.guideId)) throw new AppError('BOOKING_SLOT_UNAVAILABLE', BOOKING_MESSAGES.unavailable, 'start');
    const endsAt = new Date(start.getTime() + slotMinutes * MINUTE).toISOString();
    try {
      await this.repo.move(row.id, start.toISOString(), endsAt);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('BOOKING_SLOT_TAKEN', BOOKING_MESSAGES.taken, 'start');
      throw error;
    }
    const moved = { ...row, startsAt: start.toISOString(), endsAt };
    const guide = await this.guideOf(row);
    // Only the mover's own link is known here; the other party keeps using the link of their first mail.
    await this.mailBoth('moved', moved, tourName, guide, role === 'visitor' ? token : null, role === 'guide' ? token : null);
    return this.manage(token);
  }

  /** At the booked time: the tour's meeting with the guide as host (made once, by whichever link opens it first). */
  async join(token: string): Promise<{ url: string }> {
    const { row, role } = await this.byToken(token);
    if (row.cancelledAt) throw new AppError('BOOKING_CANCELLED', BOOKING_MESSAGES.cancelled);
    const now = this.now();
    if (now < new Date(new Date(row.startsAt).getTime() - BOOKING_JOIN_EARLY_MINUTES * MINUTE)) throw new AppError('BOOKING_NOT_YET', BOOKING_MESSAGES.notYet);
    if (now >= new Date(row.endsAt)) throw new AppError('BOOKING_CANCELLED', BOOKING_MESSAGES.over);
    if (!this.meetings || !row.guideUserId) throw new AppError('MEETINGS_OFF', 'Meetings are not available on this server.');
    let meetingId = row.meetingId;
    if (!meetingId) {
      const made = await this.meetings.createNow({ buildingId: row.buildingId, hostUserId: row.guideUserId, title: row.name, capacity: 2, scheduledAt: row.startsAt });
      // Two links opened at once both make one; the first recorded is the booking's, the other is never used.
      meetingId = (await this.repo.setMeeting(row.id, made.objectId)) ? made.objectId : ((await this.repo.byId(row.id))?.meetingId ?? made.objectId);
    }
    const meeting = await this.meetings.hostView(await this.meetings.meeting(meetingId));
    return { url: role === 'guide' ? meeting.hostLink : meeting.guestLink };
  }

  async forTour(buildingId: string) {
    return (await this.repo.forTour(buildingId)).map((r) => ({
      id: r.id, start: r.startsAt, end: r.endsAt, language: r.language, guideName: r.guideName, guideEmail: r.guideEmail,
      status: r.cancelledAt ? 'cancelled' as const : 'booked' as const, name: r.name, email: r.email, phone: r.phone, note: r.note, createdAt: r.createdAt,
    }));
  }
}

