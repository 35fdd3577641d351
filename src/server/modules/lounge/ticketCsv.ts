import { parse } from 'csv-parse/sync';
import { EMAIL_PATTERN } from '../../../protocol/accounts.ts';
import { LOUNGE_ROLES, type LoungeRole } from '../../../protocol/lounge.ts';
import { normalizeTicket, TICKET_PATTERN, TICKETS_PER_IMPORT_MAX, type ImportProblem } from '../../../protocol/loungeTickets.ts';

export interface ImportedTicket {
  line: number;
  number: string;
  name: string | null;
  email: string | null;
  role: LoungeRole;
}

export interface ParsedImport {
  rows: ImportedTicket[];
  problems: Array<{ line: number; code: ImportProblem; message: string }>;
}

/** Header names owners' spreadsheets use for each column (compared without case, spaces, dots or underscores). */
const HEADERS: Record<'number' | 'name' | 'email' | 'role', string[]> = {
  number: ['ticket', 'tickets', 'ticketnumber', 'ticketno', 'ticketid', 'number', 'no', 'code'],
  name: ['name', 'fullname', 'attendee', 'attendeename', 'visitor'],
  email: ['email', 'emailaddress', 'mail'],
  role: ['role', 'type', 'tickettype'],
};
const squash = (text: string) => text.toLowerCase().replace(/[\s._-]/g, '');

const PROBLEM_TEXT: Record<ImportProblem, string> = {
  'no-header': 'The first row must name the columns: ticket, name, email (and optionally role).',
  'missing-number': 'The ticket number is missing.',
  'invalid-number': 'The ticket number may only hold letters, digits and hyphens (4 to 40).',
  'invalid-email': 'Invalid email format.',
  'invalid-role': 'The role must be visitor, exhibitor or guide.',
  'too-many-rows': `At most ${TICKETS_PER_IMPORT_MAX} tickets per file.`,
};

/**
 * Reads an owner's CSV of tickets (comma, semicolon or tab separated, with a header row, UTF-8 with or without BOM).
 * Each bad row is reported by its line and skipped; the good ones are returned in file order.
 */
export function parseTicketCsv(text: string): ParsedImport {
  const problems: ParsedImport['problems'] = [];
  const problem = (line: number, code: ImportProblem) => problems.push({ line, code, message: PROBLEM_TEXT[code] });
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter: [',', ';', '\t'], relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  } catch {
    problem(1, 'no-header');
    return { rows: [], problems };
  }
  const header = (records[0] ?? []).map(squash);
  const column = (name: keyof typeof HEADERS) => header.findIndex((h) => HEADERS[name].includes(h));
  const at = { number: column('number'), name: column('name'), email: column('email'), role: column('role') };
  if (at.number < 0) {
    problem(1, 'no-header');
    return { rows: [], problems };
  }
  const rows: ImportedTicket[] = [];
  records.slice(1).forEach((record, i) => {
    const line = i + 2;
    if (rows.length >= TICKETS_PER_IMPORT_MAX) {
      if (rows.length === TICKETS_PER_IMPORT_MAX && !problems.some((p) => p.code === 'too-many-rows')) problem(line, 'too-many-rows');
      return;
    }
    const cell = (index: number) => (index >= 0 ? (record[index] ?? '').trim() : '');
    const number = normalizeTicket(cell(at.number));
    const email = cell(at.email).toLowerCase();
    const role = cell(at.role).toLowerCase() || 'visitor';
    if (!number) return problem(line, 'missing-number');
    if (!TICKET_PATTERN.test(number)) return problem(line, 'invalid-number');
    if (email && !EMAIL_PATTERN.test(email)) return problem(line, 'invalid-email');
    if (!(LOUNGE_ROLES as readonly string[]).includes(role)) return problem(line, 'invalid-role');
    rows.push({ line, number, name: cell(at.name).slice(0, 200) || null, email: email || null, role: role as LoungeRole });
  });
  return { rows, problems };
}
