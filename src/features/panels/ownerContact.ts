// The owner's contact in the owner info panel, from the sources the spec names (section 3): the owner's public
// profile (Building Owner.objectId -> GET /v2/users/{id}/publicProfile: name, headquarter title) and the email of
// the companies this tour's markers belong to (Company.email, GET /v2/properties/{group}/allCompanies). No
// source carries a phone number, so none is shown. Loaded only when the contact may be shown (showContactInfo
// and no hideContactInfo), so a hidden contact costs no request.
import { publicProfile } from '../../api/accounts.ts';
import { request } from '../../api/httpClient.ts';
import type { PublicProfile } from '../../protocol/accounts.ts';
import type { Company, Tour } from '../../protocol/tour.ts';

export interface OwnerContact {
  name: string | null;
  /** The owner's headquarter (organisation) title. */
  organisation: string | null;
  email: string | null;
}

const text = (s: string | null | undefined): string | null => (typeof s === 'string' && s.trim() ? s.trim() : null);
/** Only something shaped like an address goes into a mailto: link. */
const emailLike = (s: string | null): string | null => (s && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(s) ? s : null);

/** The contact shown: the profile's name and headquarter, the first email among the tour's companies (marker order). */
export function ownerContactFrom(tour: Pick<Tour, 'panoramas'>, profile: PublicProfile, companies: Record<string, Company>): OwnerContact {
  let email: string | null = null;
  for (const panorama of tour.panoramas) {
    for (const marker of panorama.markers) {
      email ??= marker.companyId ? emailLike(text(companies[marker.companyId]?.email)) : null;
    }
  }
  return { name: text(profile.name), organisation: text(profile.headquarter?.title), email };
}

export const isEmptyContact = (c: OwnerContact): boolean => !c.name && !c.organisation && !c.email;

/** The companies of the visitor's group (query `group`); none without a group or when the call fails. */
async function groupCompanies(groupId: string | null): Promise<Record<string, Company>> {
  if (!groupId) return {};
  try {
    return (await request<{ companies: Record<string, Company> }>(`/v2/properties/${encodeURIComponent(groupId)}/allCompanies`)).companies ?? {};
  } catch {
    return {};
  }
}

/** Never rejects: the profile call falls back to the empty profile (spec section 7), companies to none. */
export async function loadOwnerContact(tour: Pick<Tour, 'panoramas' | 'Owner'>, groupId: string | null): Promise<OwnerContact> {
  const [profile, companies] = await Promise.all([publicProfile(tour.Owner.objectId), groupCompanies(groupId)]);
  return ownerContactFrom(tour, profile, companies);
}
