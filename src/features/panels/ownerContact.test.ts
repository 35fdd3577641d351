import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_PUBLIC_PROFILE } from '../../api/accounts.ts';
import type { PublicProfile } from '../../protocol/accounts.ts';
import type { Company, Tour } from '../../protocol/tour.ts';
import { isEmptyContact, loadOwnerContact, ownerContactFrom } from './ownerContact.ts';

const company = (id: string, email: string | null): Company => ({
  objectId: id, name: id, nameMulti: {}, description: '', category: null, logoUrl: null, email, privacy: null, terms: null,
});
const tour = (companyIds: Array<string | null>) => ({
  Owner: { objectId: 'owner-1' },
  panoramas: [{ markers: companyIds.map((companyId) => ({ companyId })) }],
}) as unknown as Pick<Tour, 'panoramas' | 'Owner'>;
const profile: PublicProfile = {
  ...EMPTY_PUBLIC_PROFILE, objectId: 'owner-1', name: ' Mara Lind ', headquarter: { title: 'Harbour Homes', qrUrl: null, objectId: 'hq-1' },
};

describe('owner contact of the owner info panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the public profile name and headquarter, and the email of the first company a marker names', () => {
    const companies = { c1: company('c1', null), c2: company('c2', 'sales@harbour.example'), c3: company('c3', 'other@x.example') };
    expect(ownerContactFrom(tour([null, 'c1', 'gone', 'c2', 'c3']), profile, companies))
      .toEqual({ name: 'Mara Lind', organisation: 'Harbour Homes', email: 'sales@harbour.example' });
  });

  it('never puts something that is not an address into a mailto link, and says when nothing is known', () => {
    const contact = ownerContactFrom(tour(['c1']), EMPTY_PUBLIC_PROFILE, { c1: company('c1', 'javascript:alert(1)') });
    expect(contact).toEqual({ name: null, organisation: null, email: null });
    expect(isEmptyContact(contact)).toBe(true);
  });

  it('reads the owner profile and the group companies at the spec paths; failures give an empty contact', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/v2/users/owner-1/publicProfile') return new Response(JSON.stringify(profile));
      if (url === '/v2/properties/g%201/allCompanies') return new Response(JSON.stringify({ companies: { c2: company('c2', 'sales@harbour.example') } }));
      return new Response('{"code":"NOT_FOUND","message":"x"}', { status: 404 });
    }));
    expect(await loadOwnerContact(tour(['c2']), 'g 1')).toEqual({ name: 'Mara Lind', organisation: 'Harbour Homes', email: 'sales@harbour.example' });
    expect(calls.sort()).toEqual(['/v2/properties/g%201/allCompanies', '/v2/users/owner-1/publicProfile']);

    calls.length = 0;
    expect((await loadOwnerContact(tour(['c2']), null)).email).toBeNull(); // no group: no company source
    expect(calls).toEqual(['/v2/users/owner-1/publicProfile']);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    expect(isEmptyContact(await loadOwnerContact(tour(['c2']), 'g'))).toBe(true);
  });
});
