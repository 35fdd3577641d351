import type { Tour } from '../protocol/tour.ts';
import type { OpenLinkAnswer } from '../app/availability.ts';
import { HttpError, request, type Identity } from './httpClient.ts';

export interface OpenLinkResult {
  answer: OpenLinkAnswer;
  /** Sent with TOUR_REMOVED: the first tour of the owner's list, where the viewer redirects. */
  firstListedTourId: string | null;
}

/** GET /v2/buildings/openLink/{id}, as the availability rules want it: never throws. `as`: ask as that identity. */
export async function openLink(id: string, as?: Identity): Promise<OpenLinkResult> {
  try {
    return { answer: { ok: true, tour: await request<Tour>(`/v2/buildings/openLink/${encodeURIComponent(id)}`, as ? { as } : {}) }, firstListedTourId: null };
  } catch (error) {
    if (!(error instanceof HttpError)) return { answer: { ok: false, status: 0, code: null }, firstListedTourId: null };
    const first = error.body?.details?.firstBuildingId;
    return { answer: { ok: false, status: error.status, code: error.body?.code ?? null }, firstListedTourId: typeof first === 'string' ? first : null };
  }
}

export interface PropertyOpenLink {
  objectId: string;
  buildings: Array<{ objectId: string; index: number; name: string }>;
}

/** The group's open tours in order; null when the group cannot be read. */
export async function openProperty(id: string): Promise<PropertyOpenLink | null> {
  try {
    return await request<PropertyOpenLink>(`/v2/properties/openlink/${encodeURIComponent(id)}`);
  } catch {
    return null;
  }
}

/** The tour the route named default opens (null when the instance has none). */
export async function defaultTourId(): Promise<string | null> {
  try {
    return (await request<{ objectId: string | null }>('/v2/buildings/default')).objectId;
  } catch {
    return null;
  }
}
