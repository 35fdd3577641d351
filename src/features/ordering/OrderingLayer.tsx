import { useEffect } from 'react';
import { addressWithoutCode, AUTHORISATION_PARAMS, type OrderingEntry } from '../../protocol/orderingEntry.ts';
import { useSnapshot } from '../../state/store.ts';
import { OrderingBar } from './OrderingBar.tsx';
import { ordering, startOrdering } from './orderingStore.ts';
import './ordering.css';

/**
 * A retailer's page (opened by the ordering platform's frame): runs the init sequence through the server, takes the
 * code and session_state out of the address at once (the code is spent; a reload resumes with the cookie) and shows
 * the retailer's bar (price type, in-progress orders).
 */
export function OrderingLayer({ entry, pageUrl }: { entry: OrderingEntry; pageUrl: string }) {
  useEffect(() => {
    void startOrdering(entry, pageUrl);
    const now = new URL(location.href);
    if (AUTHORISATION_PARAMS.some((p) => now.searchParams.has(p))) history.replaceState(history.state, '', addressWithoutCode(location.href));
  }, [entry, pageUrl]);
  const store = useSnapshot(ordering);
  if (store.status === 'off') return null;
  return <OrderingBar />;
}
