import { BOOTSTRAP_ELEMENT_ID, type OpenLinkBootstrap } from '../protocol/bootstrap.ts';
import type { OpenLinkResult } from './tours.ts';

let consumed = false;

/**
 * The openLink answer the server put in the page, once: only the first load of the page may use it (after a
 * navigation inside the app the data could be stale).
 */
export function takeBootstrappedOpenLink(id: string, doc: Document = document): OpenLinkResult | null {
  if (consumed) return null;
  consumed = true;
  const text = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data = (JSON.parse(text) as { openLink?: OpenLinkBootstrap }).openLink;
    if (!data || data.id !== id) return null;
    if (data.status === 200) return { answer: { ok: true, tour: data.body as Extract<OpenLinkBootstrap, { status: 200 }>['body'] }, firstListedTourId: null };
    const body = data.body as { code?: string; details?: { firstBuildingId?: unknown } };
    const first = body.details?.firstBuildingId;
    return { answer: { ok: false, status: data.status, code: body.code ?? null }, firstListedTourId: typeof first === 'string' ? first : null };
  } catch {
    return null;
  }
}
