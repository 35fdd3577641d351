import { describe, expect, it } from 'vitest';
import { canEditBuilding } from './policy.ts';
import type { SessionUser } from '../auth/identity.ts';

const user = (over: Partial<SessionUser>): SessionUser => ({ id: 'u1', username: 'u', name: null, email: null, userType: 'member', headquarterId: null, ...over });
const tour = { headquarterId: 'hq1', ownerId: 'owner1' };

describe('canEditBuilding', () => {
  it('lets the tour owner edit, wherever their headquarter is', () => {
    expect(canEditBuilding(user({ id: 'owner1' }), tour)).toBe(true);
  });
  it("lets owners and editors of the tour's headquarter edit", () => {
    expect(canEditBuilding(user({ headquarterId: 'hq1', userType: 'owner' }), tour)).toBe(true);
    expect(canEditBuilding(user({ headquarterId: 'hq1', userType: 'editor' }), tour)).toBe(true);
  });
  it('refuses visitors and members of that headquarter, and editors of another one', () => {
    expect(canEditBuilding(user({ headquarterId: 'hq1', userType: 'visitor' }), tour)).toBe(false);
    expect(canEditBuilding(user({ headquarterId: 'hq1', userType: 'member' }), tour)).toBe(false);
    expect(canEditBuilding(user({ headquarterId: 'hq2', userType: 'owner' }), tour)).toBe(false);
  });
});
