// Tour guides: who a visitor can call now (tour ring) or book a time with (booking calendar), the
// languages they speak and their weekly hours in their own time zone. The studio reads and replaces the list;
// the tour ring and the booking calendar read it on the server.
import { z } from 'zod';
import { EMAIL_PATTERN } from './accounts.ts';
import { INTERFACE_LANGUAGES } from './constants.ts';

export const GUIDES_MAX = 50;
export const GUIDE_HOURS_MAX = 28;
/** Slot lengths an owner may choose for the booking calendar, in minutes. */
export const SLOT_MINUTES_MIN = 10;
export const SLOT_MINUTES_MAX = 240;
export const DEFAULT_SLOT_MINUTES = 30;
/** How long a tour-ring call rings before it gives up, in seconds (the issue's default: 30). */
export const RING_TIMEOUT_MIN = 10;
export const RING_TIMEOUT_MAX = 300;
export const DEFAULT_RING_TIMEOUT_SECONDS = 30;

/** A language a guide speaks: one of the interface languages' codes (what a visitor picks from). */
export const GuideLanguageSchema = z.enum(INTERFACE_LANGUAGES);

/** True for an IANA time zone name this runtime knows (Intl throws a RangeError for others). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z.string().trim().min(1).max(64).refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris');

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One stretch of a weekday, in the guide's own time zone. weekday: 0 = Sunday ... 6 = Saturday. */
export const WorkingHoursSchema = z.object({
  weekday: z.number().int().min(0).max(6),
  start: z.string().regex(HHMM, 'must be HH:MM'),
  end: z.string().regex(HHMM, 'must be HH:MM (24:00 for midnight)'),
}).refine((h) => minutesOf(h.start) < minutesOf(h.end), { message: 'must end after it starts', path: ['end'] });
export type WorkingHours = z.infer<typeof WorkingHoursSchema>;

const GuideEmailSchema = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Invalid email format.');

/** A guide as the studio names them: by email. */
export const GuideInputSchema = z.object({
  email: GuideEmailSchema,
  languages: z.array(GuideLanguageSchema).min(1, 'at least one language').max(INTERFACE_LANGUAGES.length),
  timeZone: TimeZoneSchema,
  workingHours: z.array(WorkingHoursSchema).max(GUIDE_HOURS_MAX),
});
export type GuideInput = z.infer<typeof GuideInputSchema>;

/** A guide as the studio shows them: an account (status 'active') or a pending invitation ('invited'). */
export const StudioGuideSchema = GuideInputSchema.extend({
  status: z.enum(['active', 'invited']),
  /** The account's id (active guides only). */
  userId: z.string().nullable(),
  name: z.string().nullable(),
});
export type StudioGuide = z.infer<typeof StudioGuideSchema>;

export const BookingSettingsSchema = z.object({
  slotMinutes: z.number().int().min(SLOT_MINUTES_MIN).max(SLOT_MINUTES_MAX),
  ringTimeoutSeconds: z.number().int().min(RING_TIMEOUT_MIN).max(RING_TIMEOUT_MAX),
  tourRingBtn: z.boolean(),
});
export type BookingSettings = z.infer<typeof BookingSettingsSchema>;

/** GET/PUT /v2/studio/tours/{buildingId}/guides answer. */
export const StudioGuidesSchema = z.object({
  guides: z.array(StudioGuideSchema),
  settings: BookingSettingsSchema,
});
export type StudioGuides = z.infer<typeof StudioGuidesSchema>;

/** PUT body: the whole list (replaced; an email named twice is refused) and, optionally, the settings. */
export const StudioGuidesBodySchema = z.object({
  guides: z.array(GuideInputSchema).max(GUIDES_MAX),
  settings: BookingSettingsSchema.partial().optional(),
}).superRefine((body, ctx) => {
  const seen = new Set<string>();
  body.guides.forEach((g, i) => {
    if (seen.has(g.email)) ctx.addIssue({ code: 'custom', message: `${g.email} is named twice`, path: ['guides', i, 'email'] });
    seen.add(g.email);
  });
});
export type StudioGuidesBody = z.infer<typeof StudioGuidesBodySchema>;

/** POST /v2/guides/invites/accept: the token from the invitation mail. */
export const GuideInviteAcceptBodySchema = z.object({ token: z.string().min(20).max(200) });
export const GuideInviteAcceptAnswerSchema = z.object({ buildingId: z.string(), tourName: z.string() });

/** PUT answer: the list, and the links of invitations this call made (shown once; they are mailed too). */
export const StudioGuidesPutAnswerSchema = StudioGuidesSchema.extend({
  inviteLinks: z.array(z.object({ email: z.string(), url: z.string() })),
});
