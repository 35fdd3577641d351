// Visitor statistics (spec sections 3, 4, 5, 7 and 9): visitor histories, click counts, tracked-account reports and
// the owner's read API. Client and server both parse with these schemas.
import { z } from 'zod';
import { LINK_SOURCES } from './constants.ts';
import { IdSchema } from './tour.ts';

export const LinkSourceSchema = z.enum([...LINK_SOURCES, 'direct']);
/** The random id a device keeps (features/social/deviceMemory.ts): one unique visitor per device or account. */
export const VisitorKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a device id.');

/**
 * Section 5: visitor tracking also starts when the headquarter title is on this list. The spec says the list is
 * empty, so in practice only whitelisted, signed-in users are tracked.
 */
export const TRACKED_HEADQUARTER_TITLES: readonly string[] = [];

/** POST /v2/visitorhistory */
export const VisitorHistoryCreateBodySchema = z.object({
  buildingId: IdSchema,
  /** The `ref` of the address, recorded before the viewer removes it (section 9). */
  linkSource: LinkSourceSchema.default('direct'),
  deviceId: VisitorKeySchema.optional(),
});
export type VisitorHistoryCreateBody = z.input<typeof VisitorHistoryCreateBodySchema>;
export const VisitorHistoryCreatedSchema = z.object({ visitorHistoryId: z.string() });

export const VisitorHistoryParamsSchema = z.object({ id: IdSchema });
/** PATCH /v2/visitorhistory/{id}: the total seconds the tour was on screen so far (never a delta). */
export const VisitorHistoryPatchBodySchema = z.object({
  viewingSeconds: z.number().int().min(0).max(7 * 24 * 3600),
});
export const VisitorHistoryPatchedSchema = z.object({
  visitorHistoryId: z.string(),
  /** What the server recorded: a claim beyond the wall time since the history began is capped. */
  viewingSeconds: z.number().int(),
});

/** POST /v2/clickcount: repeats for the same id within CLICK_DEDUPE_MS are ignored. */
export const ClickCountBodySchema = z.object({
  identifier: z.string().trim().min(1).max(40).default('marker'),
  identifierId: IdSchema,
  /** The visit the click belongs to; without it the tour is found from the marker. */
  visitorHistoryId: IdSchema.optional(),
  deviceId: VisitorKeySchema.optional(),
});
export type ClickCountBody = z.input<typeof ClickCountBodySchema>;
export const ClickCountAnswerSchema = z.object({ counted: z.boolean() });

/** POST /v2/helper/visitorHistory?headquarter={h}: the visitor session of section 3. */
export const VisitorReportQuerySchema = z.object({ headquarter: z.string().trim().max(200).optional() });
export const VisitorReportBodySchema = z.object({
  buildingId: IdSchema,
  /** ms since the epoch */
  startedAt: z.number().int().min(0),
  /** seconds */
  duration: z.number().int().min(0).max(7 * 24 * 3600),
});
export type VisitorReport = z.infer<typeof VisitorReportBodySchema>;
export const VisitorReportAnswerSchema = z.object({ duration: z.number().int() });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const AnalyticsDaySchema = z.string().regex(DAY, 'Use YYYY-MM-DD.');
export const AnalyticsParamsSchema = z.object({ id: IdSchema });
export const AnalyticsQuerySchema = z.object({ from: AnalyticsDaySchema.optional(), to: AnalyticsDaySchema.optional() });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;
/** The longest range the read API answers, in days. */
export const ANALYTICS_MAX_DAYS = 366;
/** The ranges the owner page offers. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;

export const BuildingAnalyticsSchema = z.object({
  buildingId: z.string(),
  buildingName: z.string(),
  from: z.string(),
  to: z.string(),
  views: z.number().int(),
  uniqueVisitors: z.number().int(),
  averageViewingSeconds: z.number(),
  /** Every day of the range, zeros included, oldest first. */
  viewsPerDay: z.array(z.object({ date: z.string(), views: z.number().int() })),
  topMarkers: z.array(z.object({ markerId: z.string(), name: z.string(), type: z.string(), clicks: z.number().int() })),
  linkSources: z.array(z.object({ source: LinkSourceSchema, views: z.number().int() })),
});
export type BuildingAnalytics = z.infer<typeof BuildingAnalyticsSchema>;

/**
 * Section 5: visitor-time tracking needs a tour, a signed-in user, and either the username on the tour's whitelist
 * (case-insensitive, as the whitelist gate compares) or the headquarter title on TRACKED_HEADQUARTER_TITLES.
 */
export function isTrackedVisitor(input: { buildingId: string | null; username: string | null; whiteList: readonly string[]; headquarterTitle: string | null }): boolean {
  if (!input.buildingId || !input.username) return false;
  const username = input.username.toLowerCase();
  if (input.whiteList.some((name) => name.toLowerCase() === username)) return true;
  return input.headquarterTitle !== null && TRACKED_HEADQUARTER_TITLES.includes(input.headquarterTitle);
}
