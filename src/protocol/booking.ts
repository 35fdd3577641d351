// The booking calendar (spec sections 1, 3, 5, 8): free times with a tour's guides, booking one, and the
// links in the confirmation mail that cancel, move or join it. Times cross the wire as UTC ISO instants; the browser
// shows them in the visitor's own time zone (Intl).
import { z } from 'zod';
import { EMAIL_PATTERN } from './accounts.ts';
import { INTERFACE_LANGUAGES } from './constants.ts';
import { TimeZoneSchema } from './guides.ts';

/** How far ahead the calendar shows free times, in days (the visitor pages through weeks). */
export const BOOKING_HORIZON_DAYS = 28;
export const BOOKING_PAGE_DAYS_MAX = 28;
/** The earliest a slot can be booked: this long from now (a guide needs a moment to see it). */
export const BOOKING_LEAD_MINUTES = 15;
/** The meeting of a booking opens this long before its start (the guide and the visitor can come early). */
export const BOOKING_JOIN_EARLY_MINUTES = 10;
export const BOOKING_NAME_MAX = 100;
export const BOOKING_NOTE_MAX = 1000;

/** An instant as the server writes it (Date.toISOString: UTC, milliseconds, Z); the unique key compares this text. */
export const InstantSchema = z.iso.datetime({ offset: true }).transform((s) => new Date(s).toISOString());

export const BookingLanguageSchema = z.enum(INTERFACE_LANGUAGES);

export const SlotsQuerySchema = z.object({
  language: BookingLanguageSchema.optional(),
  /** Start of the window (default: now); the window never starts before now. */
  from: InstantSchema.optional(),
  days: z.coerce.number().int().min(1).max(BOOKING_PAGE_DAYS_MAX).default(7),
});

export const SlotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof SlotSchema>;

export const SlotsAnswerSchema = z.object({
  slotMinutes: z.number().int(),
  /** The languages the tour's guides speak (what the visitor chooses from). */
  languages: z.array(z.string()),
  /** The language these slots are for (the asked one, or the first the guides speak). */
  language: z.string().nullable(),
  /** Where the calendar ends (now + BOOKING_HORIZON_DAYS): the visitor cannot page past it. */
  horizon: z.string(),
  slots: z.array(SlotSchema),
});
export type SlotsAnswer = z.infer<typeof SlotsAnswerSchema>;

const Required = (max: number) => z.string().trim().min(1, 'Field required.').max(max);

/** Section 5: every field required, email not empty (and well formed). */
export const BookingBodySchema = z.object({
  start: InstantSchema,
  language: BookingLanguageSchema,
  name: Required(BOOKING_NAME_MAX),
  email: z.string().trim().toLowerCase().min(1, 'Field required.').max(254).regex(EMAIL_PATTERN, 'Invalid email format.'),
  phone: z.string().trim().max(40).default(''),
  note: z.string().trim().max(BOOKING_NOTE_MAX).default(''),
  /** The visitor's zone and interface language: the confirmation mail is written in them. */
  timeZone: TimeZoneSchema,
  locale: z.enum(INTERFACE_LANGUAGES).default('en'),
});
export type BookingBody = z.input<typeof BookingBodySchema>;

export const BookingStatusSchema = z.enum(['booked', 'cancelled']);

export const BookingSchema = z.object({
  id: z.string(),
  buildingId: z.string(),
  tourName: z.string(),
  start: z.string(),
  end: z.string(),
  language: z.string(),
  guideName: z.string(),
  status: BookingStatusSchema,
});
export type Booking = z.infer<typeof BookingSchema>;

/** What a manage link (from the confirmation mail) shows: the booking, who holds the link, and whether to join now. */
export const ManagedBookingSchema = BookingSchema.extend({
  role: z.enum(['visitor', 'guide']),
  visitorName: z.string(),
  /** When the meeting can be entered (BOOKING_JOIN_EARLY_MINUTES before the start). */
  joinOpensAt: z.string(),
  canJoin: z.boolean(),
});
export type ManagedBooking = z.infer<typeof ManagedBookingSchema>;

export const ManageTokenSchema = z.string().min(20).max(200).regex(/^[A-Za-z0-9_-]+$/, 'must be a booking link key');
export const ManageQuerySchema = z.object({ token: ManageTokenSchema });
export const ManageBodySchema = z.object({ token: ManageTokenSchema });
export const MoveBodySchema = z.object({ token: ManageTokenSchema, start: InstantSchema });
export const JoinAnswerSchema = z.object({ url: z.string() });

/** The owner's list in the studio (GET /v2/studio/tours/{id}/bookings; ?format=csv for the file). */
export const StudioBookingSchema = BookingSchema.omit({ tourName: true, buildingId: true }).extend({
  name: z.string(), email: z.string(), phone: z.string(), note: z.string(), createdAt: z.string(), guideEmail: z.string().nullable(),
});
export const StudioBookingsSchema = z.object({ bookings: z.array(StudioBookingSchema) });
export type StudioBooking = z.infer<typeof StudioBookingSchema>;
