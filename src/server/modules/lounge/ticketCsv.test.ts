import { describe, expect, it } from 'vitest';
import { parseTicketCsv } from './ticketCsv.ts';

describe('parseTicketCsv', () => {
  it('reads tickets, names, emails and roles under a header, whatever the separator', () => {
    for (const sep of [',', ';', '\t']) {
      const csv = ['Ticket Number,Name,E-mail,Role', 'abc-123,Ada Lovelace,ADA@example.test,', 'XYZ9,"Brunel, Isambard",,exhibitor'].join('\n').replaceAll(',', sep);
      const { rows, problems } = parseTicketCsv(csv);
      expect(problems).toEqual([]);
      expect(rows).toEqual([
        { line: 2, number: 'ABC-123', name: 'Ada Lovelace', email: 'ada@example.test', role: 'visitor' },
        // The quoted name keeps its separator.
        { line: 3, number: 'XYZ9', name: `Brunel${sep} Isambard`, email: null, role: 'exhibitor' },
      ]);
    }
  });

  it('reports each bad row by its line and keeps the good ones', () => {
    const csv = '\uFEFFticket,name,email,role\nGOOD1,A,,\n,B,,\nbad ticket!,C,,\nGOOD2,D,not-an-email,\nGOOD3,E,,boss\nGOOD4,F,f@example.test,guide\n';
    const { rows, problems } = parseTicketCsv(csv);
    expect(rows.map((r) => r.number)).toEqual(['GOOD1', 'GOOD4']);
    expect(problems.map((p) => [p.line, p.code])).toEqual([[3, 'missing-number'], [4, 'invalid-number'], [5, 'invalid-email'], [6, 'invalid-role']]);
  });

  it('needs a header naming the ticket column', () => {
    expect(parseTicketCsv('ABC1,Ada\nABC2,Bob').problems.map((p) => p.code)).toEqual(['no-header']);
  });
});
