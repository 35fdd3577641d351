import { describe, expect, it } from 'vitest';
import type { PersonCard, Relation } from '../../../protocol/lounge.ts';
import { connectionRows, filterRows, onlineRows, sortRows, type LoungeRow } from './loungeList.ts';
import { actionsFor } from './loungeViewModel.ts';

const card = (userId: string, name: string, role: PersonCard['role'], extra: Partial<PersonCard> = {}): PersonCard => ({
  userId, name, role, company: null, occupation: null, portrait: null, lastLoginAt: null, place: null, ...extra,
});
const relation = (userId: string, state: Relation['state'], invitedAt: string | null = null, blocked = false): Relation => ({
  userId, state, invitationId: state === 'none' ? null : `i-${userId}`, note: null, invitedAt, contact: null, blocked,
});
const row = (person: PersonCard, rel: Relation | null = null): LoungeRow => ({ person, relation: rel, online: true });

const ana = card('a', 'Ana Ávila', 'visitor', { company: 'Harbour Ltd', lastLoginAt: '2026-11-25T10:00:00Z' });
const bob = card('b', 'bob Brown', 'exhibitor', { company: 'Acme GmbH', lastLoginAt: '2026-11-25T12:00:00Z' });
const cleo = card('c', 'Cleo Chen', 'guide');
const dan = card('d', 'Dan Dúo', 'visitor', { lastLoginAt: '2026-11-24T09:00:00Z' });
const rows = [row(dan, relation('d', 'sent', '2026-11-25T08:00:00Z')), row(cleo), row(bob, relation('b', 'received', '2026-11-25T09:00:00Z')), row(ana)];
const names = (list: LoungeRow[]) => list.map((r) => r.person.userId).join('');

describe('lounge lists: section 4 sort orders and the filter', () => {
  it('sorts by name both ways, case and accents aside', () => {
    expect(names(sortRows(rows, 'name-asc', 'en'))).toBe('abcd');
    expect(names(sortRows(rows, 'name-desc', 'en'))).toBe('dcba');
  });
  it('sorts by last login, newest first, unknown last', () => {
    expect(names(sortRows(rows, 'last-login', 'en'))).toBe('badc');
  });
  it('puts exhibitors or visitors first, by name within a role', () => {
    expect(names(sortRows(rows, 'exhibitor-first', 'en'))).toBe('bcad');
    expect(names(sortRows(rows, 'visitor-first', 'en'))).toBe('adcb');
  });
  it('sorts by invitation time, newest first, people without one last', () => {
    expect(names(sortRows(rows, 'invitation-time', 'en'))).toBe('bdac');
  });
  it('filters by name or company, ignoring case and accents', () => {
    expect(names(filterRows(rows, 'ana avila'))).toBe('a');
    expect(names(filterRows(rows, 'ACME'))).toBe('b');
    expect(names(filterRows(rows, '  '))).toBe('dcba');
    expect(filterRows(rows, 'nobody')).toEqual([]);
  });
  it('lists connections online or not, and leaves out people with no relation', () => {
    const relations = new Map([['b', relation('b', 'connected')], ['c', relation('c', 'none')], ['x', relation('x', 'none', null, true)]]);
    const people = new Map([['b', bob], ['c', cleo], ['x', card('x', 'Xena', 'visitor')]]);
    const online = new Map([['b', bob]]);
    const listed = connectionRows(people, online, relations);
    expect(listed.map((r) => [r.person.userId, r.online])).toEqual([['b', true], ['x', false]]);
    expect(onlineRows(online, relations)[0]!.relation?.state).toBe('connected');
  });
});

describe('lounge actions by state', () => {
  it('offers what section 4 allows, and nothing after a rejection but blocking', () => {
    expect(actionsFor(null, true, true)).toEqual(['invite', 'block']);
    expect(actionsFor(null, false, true)).toEqual(['block']);
    expect(actionsFor(relation('a', 'wait-confirm'), true, true)).toEqual(['withdraw', 'block']);
    expect(actionsFor(relation('a', 'received'), true, true)).toEqual(['accept', 'reject', 'block']);
    expect(actionsFor(relation('a', 'confirmed'), true, true)).toEqual(['chat', 'block']);
    expect(actionsFor(relation('a', 'connected'), true, false)).toEqual(['block']);
    // A video meeting: connections only, online, and only where meetings are on.
    expect(actionsFor(relation('a', 'connected'), true, true, true)).toEqual(['chat', 'meet', 'block']);
    expect(actionsFor(relation('a', 'confirmed'), true, false, true)).toEqual(['meet', 'block']);
    expect(actionsFor(relation('a', 'connected'), false, true, true)).toEqual(['chat', 'block']);
    expect(actionsFor(relation('a', 'wait-confirm'), true, true, true)).toEqual(['withdraw', 'block']);
    expect(actionsFor(relation('a', 'none', null, true), true, true, true)).toEqual(['unblock']);
    expect(actionsFor(relation('a', 'rejected'), true, true)).toEqual(['block']);
    expect(actionsFor(relation('a', 'none', null, true), true, true)).toEqual(['unblock']);
  });
});
