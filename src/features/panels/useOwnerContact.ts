import { useEffect, useState } from 'react';
import type { Tour } from '../../protocol/tour.ts';
import { loadOwnerContact, type OwnerContact } from './ownerContact.ts';

/**
 * The owner's contact, loaded the first time `wanted` is true (the owner panel opened, on screen or in VR) and only
 * if it may be shown, so a hidden or never opened contact costs no request; null until it has arrived.
 */
export function useOwnerContact(tour: Tour, groupId: string | null, enabled: boolean, wanted: boolean): OwnerContact | null {
  const [contact, setContact] = useState<OwnerContact | null>(null);
  const [asked, setAsked] = useState(false);
  if (enabled && wanted && !asked) setAsked(true);
  useEffect(() => {
    if (!enabled || !asked) return undefined;
    let live = true;
    void loadOwnerContact(tour, groupId).then((c) => live && setContact(c));
    return () => {
      live = false;
    };
  }, [tour, groupId, enabled, asked]);
  return enabled ? contact : null;
}
