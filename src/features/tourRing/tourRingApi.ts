// HTTP calls of the tour ring (contract: src/protocol/tourRing.ts).
import { request } from '../../api/httpClient.ts';
import type { Callback, CallbackBody, TourRingInfo } from '../../protocol/tourRing.ts';

const tourPath = (buildingId: string) => `/v2/tour-ring/${encodeURIComponent(buildingId)}`;

export const tourRingInfo = (buildingId: string) => request<TourRingInfo>(tourPath(buildingId));

export const sendCallback = (buildingId: string, body: CallbackBody) => request<Callback>(`${tourPath(buildingId)}/callbacks`, { method: 'POST', body });

export const studioCallbacks = (buildingId: string) =>
  request<{ callbacks: Callback[] }>(`/v2/studio/tours/${encodeURIComponent(buildingId)}/callbacks`).then((a) => a.callbacks);
