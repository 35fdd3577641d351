import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/identity.ts';
import type { BuildingRow } from '../buildings/buildings.repository.ts';
import { tourVisibleTo } from './tourAccess.ts';

const tour = (extra: Partial<BuildingRow> = {}) => ({
  id: 't1', headquarterId: 'hq1', ownerId: 'owner', removedAt: null, hidden: 0, isOffline: 0, unavailable: 0, draft: 0,
  requireWhiteListing: 0, requireVisitorData: 0, whiteList: '[]', ...extra,
}) as BuildingRow;
const user = (extra: Partial<SessionUser> = {}): SessionUser => ({ id: 'u1', username: 'Ada', name: null, email: null, userType: 'user', headquarterId: null, ...extra });

describe('tourVisibleTo: what a saved id may show', () => {
  it('shows an open tour to anyone and nothing of a removed, hidden, offline or unavailable one', () => {
    expect(tourVisibleTo(tour(), null)).toBe(true);
    for (const closed of [{ removedAt: '2026-01-01' }, { hidden: 1 }, { isOffline: 1 }, { unavailable: 1 }]) {
      expect(tourVisibleTo(tour(closed), user({ id: 'owner' }))).toBe(false);
    }
  });
  it('shows a draft only to its editors', () => {
    expect(tourVisibleTo(tour({ draft: 1 }), null)).toBe(false);
    expect(tourVisibleTo(tour({ draft: 1 }), user())).toBe(false);
    expect(tourVisibleTo(tour({ draft: 1 }), user({ id: 'owner' }))).toBe(true);
    expect(tourVisibleTo(tour({ draft: 1 }), user({ headquarterId: 'hq1', userType: 'editor' }))).toBe(true);
  });
  it('shows a whitelisted tour to listed usernames (case-insensitive) and editors, a visitor-data tour to anyone signed in', () => {
    const listed = tour({ requireWhiteListing: 1, whiteList: '["ada"]' });
    expect(tourVisibleTo(listed, null)).toBe(false);
    expect(tourVisibleTo(listed, user())).toBe(true);
    expect(tourVisibleTo(listed, user({ username: 'grace' }))).toBe(false);
    expect(tourVisibleTo(listed, user({ username: 'grace', id: 'owner' }))).toBe(true);
    expect(tourVisibleTo(tour({ requireVisitorData: 1 }), null)).toBe(false);
    expect(tourVisibleTo(tour({ requireVisitorData: 1 }), user())).toBe(true);
  });
});
