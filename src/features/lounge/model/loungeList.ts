// The lounge's lists as pure functions (section 4's six sort orders and the name/company filter), shared by the
// flat-screen panel and its in-world twin.
import type { LoungeRole, LoungeSort, PersonCard, Relation } from '../../../protocol/lounge.ts';

/** One person as the panel lists them: what everyone sees, and how this viewer stands with them. */
export interface LoungeRow {
  person: PersonCard;
  relation: Relation | null;
  online: boolean;
}

const ROLE_RANK: Record<LoungeSort, Partial<Record<LoungeRole, number>>> = {
  'exhibitor-first': { exhibitor: 0, guide: 1, visitor: 2 },
  'visitor-first': { visitor: 0, guide: 1, exhibitor: 2 },
  'name-asc': {}, 'name-desc': {}, 'last-login': {}, 'invitation-time': {},
};

/** Newest first; people without the time go last. */
const newestFirst = (a: string | null | undefined, b: string | null | undefined): number => {
  if (a && b) return b.localeCompare(a);
  return a ? -1 : b ? 1 : 0;
};

export function sortRows(rows: readonly LoungeRow[], sort: LoungeSort, lang: string): LoungeRow[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base', numeric: true });
  const byName = (a: LoungeRow, b: LoungeRow) => collator.compare(a.person.name, b.person.name) || a.person.userId.localeCompare(b.person.userId);
  const compare = (a: LoungeRow, b: LoungeRow): number => {
    switch (sort) {
      case 'name-asc': return byName(a, b);
      case 'name-desc': return -byName(a, b);
      case 'last-login': return newestFirst(a.person.lastLoginAt, b.person.lastLoginAt) || byName(a, b);
      case 'invitation-time': return newestFirst(a.relation?.invitedAt, b.relation?.invitedAt) || byName(a, b);
      default: {
        const rank = ROLE_RANK[sort];
        return (rank[a.person.role] ?? 9) - (rank[b.person.role] ?? 9) || byName(a, b);
      }
    }
  };
  return [...rows].sort(compare);
}

/** Case and accents do not matter: "jose" finds "José", "acme" finds "ACME GmbH". */
const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

export function filterRows(rows: readonly LoungeRow[], query: string): LoungeRow[] {
  const q = fold(query.trim());
  if (!q) return [...rows];
  return rows.filter((r) => fold(r.person.name).includes(q) || (r.person.company !== null && fold(r.person.company).includes(q)));
}

/**
 * Who is here: everyone online (with the relation if there is one). Connections: everyone with an invitation either
 * way or blocked by me, online or not, with their place when online.
 */
export function onlineRows(online: ReadonlyMap<string, PersonCard>, relations: ReadonlyMap<string, Relation>): LoungeRow[] {
  return [...online.values()].map((person) => ({ person, relation: relations.get(person.userId) ?? null, online: true }));
}

export function connectionRows(people: ReadonlyMap<string, PersonCard>, online: ReadonlyMap<string, PersonCard>, relations: ReadonlyMap<string, Relation>): LoungeRow[] {
  const rows: LoungeRow[] = [];
  for (const [userId, relation] of relations) {
    if (relation.state === 'none' && !relation.blocked) continue;
    const here = online.get(userId);
    const person = here ?? people.get(userId);
    if (person) rows.push({ person, relation, online: Boolean(here) });
  }
  return rows;
}
