// The owner info panel's view model: the owner's real contact (ownerContact.ts: public profile and the tour's
// companies), for the flat-screen dialog and the in-world panel alike. UI-free.
import type { OwnerContact } from './ownerContact.ts';
import type { InfoRow } from './buildingInfoModel.ts';

export interface OwnerInfoViewModel {
  /** loading: the contact has not arrived yet; empty: nothing is known. */
  state: 'loading' | 'empty' | 'ready';
  /** Name and company, each when known. */
  rows: InfoRow[];
  /** Only an address-shaped value (ownerContact.ts checks it); the flat panel links it with mailto:. */
  email: InfoRow | null;
  /** What to say instead of rows while loading or when nothing is known. */
  message: string;
}

export interface OwnerInfoTexts {
  name: string;
  organisation: string;
  email: string;
  loading: string;
  none: string;
}

export function ownerInfoViewModel(contact: OwnerContact | null, texts: OwnerInfoTexts): OwnerInfoViewModel {
  if (!contact) return { state: 'loading', rows: [], email: null, message: texts.loading };
  const rows: InfoRow[] = [];
  if (contact.name) rows.push({ key: 'name', label: texts.name, value: contact.name });
  if (contact.organisation) rows.push({ key: 'organisation', label: texts.organisation, value: contact.organisation });
  const email = contact.email ? { key: 'email', label: texts.email, value: contact.email } : null;
  const empty = rows.length === 0 && !email;
  return { state: empty ? 'empty' : 'ready', rows, email, message: empty ? texts.none : '' };
}
