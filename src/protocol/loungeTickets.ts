// Lounge tickets: owners issue them per tour in the studio; a visitor signs in to the lounge with one (spec section 5).
import { z } from 'zod';
import { SessionAnswerSchema } from './accounts.ts';
import { LOUNGE_ROLES } from './lounge.ts';
import { IdSchema } from './tour.ts';

/** Letters, digits and hyphens, 4 to 40 of them once trimmed and upper-cased (imported numbers keep their own shape). */
export const TICKET_PATTERN = /^[A-Z0-9](?:[A-Z0-9-]{2,38})[A-Z0-9]$/;
export const normalizeTicket = (text: string): string => text.trim().toUpperCase();

export type TicketProblem = 'required' | 'invalid' | 'not-found' | 'used';
/** Section 5's ticket rules as the form checks them before asking the server (which checks the same). */
export function ticketFormatProblem(text: string): Extract<TicketProblem, 'required' | 'invalid'> | null {
  const ticket = normalizeTicket(text);
  if (ticket === '') return 'required';
  return TICKET_PATTERN.test(ticket) ? null : 'invalid';
}

/** The server's sentences (section 5: invalid ticket, ticket used, no ticket record); the viewer shows its own. */
export const TICKET_MESSAGES: Record<TicketProblem, string> = {
  required: 'Field required.',
  invalid: 'Invalid ticket.',
  used: 'This ticket has already been used.',
  'not-found': 'There is no record of this ticket.',
};
/** Machine codes of those failures (the `code` of the error body). */
export const TICKET_ERROR_CODES: Record<Exclude<TicketProblem, 'required'>, string> = {
  invalid: 'TICKET_INVALID',
  used: 'TICKET_USED',
  'not-found': 'TICKET_NOT_FOUND',
};

export const TicketLoginBodySchema = z.object({
  tourId: IdSchema,
  groupId: IdSchema.nullable().default(null),
  // The rules are checked by ticketFormatProblem so the answer carries section 5's message.
  ticketNumber: z.string().max(200),
});
export type TicketLoginBody = z.input<typeof TicketLoginBodySchema>;
/** A new session when the visitor was not signed in (the ticket made their account), else null. */
export const TicketLoginAnswerSchema = z.object({ session: SessionAnswerSchema.nullable(), ticketNumber: z.string() });
export type TicketLoginAnswer = z.infer<typeof TicketLoginAnswerSchema>;

export const StudioTicketSchema = z.object({
  objectId: z.string(),
  number: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(LOUNGE_ROLES),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
  /** The account the ticket is bound to once used. */
  usedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
});
export type StudioTicket = z.infer<typeof StudioTicketSchema>;
export const StudioTicketListSchema = z.object({ tickets: z.array(StudioTicketSchema) });

export const TICKETS_PER_GENERATE_MAX = 1_000;
export const TicketGenerateBodySchema = z.object({
  count: z.number().int().min(1).max(TICKETS_PER_GENERATE_MAX),
  role: z.enum(LOUNGE_ROLES).default('visitor'),
});
/** Why an imported row was refused (the studio shows its own sentence for each). */
export const IMPORT_PROBLEMS = ['no-header', 'missing-number', 'invalid-number', 'invalid-email', 'invalid-role', 'too-many-rows'] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];
export const TICKETS_PER_IMPORT_MAX = 10_000;
/** The CSV file's text (UTF-8): a header row naming ticket (or number), name, email and optionally role. */
export const TicketImportBodySchema = z.object({ csv: z.string().min(1).max(900_000) });
export const TicketImportAnswerSchema = z.object({
  created: z.number().int(),
  /** Rows whose number this tour already has. */
  duplicates: z.number().int(),
  /** Rows refused, by their line number in the file (1 = the header). */
  problems: z.array(z.object({ line: z.number().int(), code: z.enum(IMPORT_PROBLEMS), message: z.string() })),
  tickets: z.array(StudioTicketSchema),
});
export type TicketImportAnswer = z.infer<typeof TicketImportAnswerSchema>;
export const TicketParamsSchema = z.object({ buildingId: IdSchema, ticketId: IdSchema });

export const ticketPaths = {
  login: '/v2/lounge/tickets/login',
  list: (buildingId: string) => `/v2/studio/buildings/${buildingId}/tickets`,
  generate: (buildingId: string) => `/v2/studio/buildings/${buildingId}/tickets/generate`,
  import: (buildingId: string) => `/v2/studio/buildings/${buildingId}/tickets/import`,
  export: (buildingId: string) => `/v2/studio/buildings/${buildingId}/tickets/export`,
  one: (buildingId: string, ticketId: string) => `/v2/studio/buildings/${buildingId}/tickets/${ticketId}`,
};
