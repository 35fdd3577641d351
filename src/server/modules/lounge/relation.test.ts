import { describe, expect, it } from 'vitest';
import { relationFor, relationState } from './relation.ts';
import type { InvitationRow } from './lounge.repository.ts';

const invitation = (patch: Partial<InvitationRow> = {}): InvitationRow => ({
  id: 'inv1', pairKey: 'a|b', fromUserId: 'a', toUserId: 'b', buildingId: null, note: 'Hello', status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z', seenAt: null, answeredAt: null, ...patch,
});

describe('relationState: section 4 as each side sees it', () => {
  it('is none without an invitation', () => expect(relationState('a', undefined)).toBe('none'));
  it('is sent, then wait to be confirmed once seen, for the sender; received for the other', () => {
    expect(relationState('a', invitation())).toBe('sent');
    expect(relationState('a', invitation({ seenAt: 'x' }))).toBe('wait-confirm');
    expect(relationState('b', invitation())).toBe('received');
    expect(relationState('b', invitation({ seenAt: 'x' }))).toBe('received');
  });
  it('is connected for the sender and confirmed for the one who accepted', () => {
    expect(relationState('a', invitation({ status: 'accepted' }))).toBe('connected');
    expect(relationState('b', invitation({ status: 'accepted' }))).toBe('confirmed');
  });
  it('is rejected for both', () => {
    expect(relationState('a', invitation({ status: 'rejected' }))).toBe('rejected');
    expect(relationState('b', invitation({ status: 'rejected' }))).toBe('rejected');
  });
});

describe('relationFor', () => {
  const contact = { email: 'b@example.test', phone: null };
  it('shows contact details to connections only', () => {
    expect(relationFor('a', 'b', { invitation: invitation(), iBlocked: false, theyBlocked: false, contact }).contact).toBeNull();
    expect(relationFor('a', 'b', { invitation: invitation({ status: 'accepted' }), iBlocked: false, theyBlocked: false, contact }).contact).toEqual(contact);
  });
  it('hides contact details across a block, either way', () => {
    const accepted = invitation({ status: 'accepted' });
    expect(relationFor('a', 'b', { invitation: accepted, iBlocked: true, theyBlocked: false, contact }).contact).toBeNull();
    expect(relationFor('a', 'b', { invitation: accepted, iBlocked: false, theyBlocked: true, contact }).contact).toBeNull();
  });
  it('says whom the viewer blocked, never who blocked the viewer', () => {
    expect(relationFor('a', 'b', { invitation: undefined, iBlocked: true, theyBlocked: false, contact }).blocked).toBe(true);
    expect(relationFor('a', 'b', { invitation: undefined, iBlocked: false, theyBlocked: true, contact }).blocked).toBe(false);
  });
});
