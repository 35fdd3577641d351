// The page's address as the ordering platform sent the frame to it, read when the bundle starts: the viewer soon
// rewrites the address (index=, the code's removal), but the code exchange's redirect_uri must match this one.
import { orderingEntry, type OrderingEntry } from '../../protocol/orderingEntry.ts';

export const entryAddress: string = typeof location === 'undefined' ? '' : location.href;

/** The retailer's entry of this page, or null for every other visitor. */
export const pageOrderingEntry: OrderingEntry | null = entryAddress ? orderingEntry(entryAddress) : null;
