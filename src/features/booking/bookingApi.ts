import { HttpError, identityHeaders, request } from '../../api/httpClient.ts';
import type { Booking, BookingBody, ManagedBooking, SlotsAnswer, StudioBooking } from '../../protocol/booking.ts';
import type { StudioGuides, StudioGuidesBody } from '../../protocol/guides.ts';

const tour = (id: string) => `/v2/buildings/${encodeURIComponent(id)}`;
const studio = (id: string) => `/v2/studio/tours/${encodeURIComponent(id)}`;

/** The booking calendar's calls (src/protocol/booking.ts, guides.ts). Failures reject with HttpError. */
export const bookingApi = {
  slots: (buildingId: string, q: { language?: string | undefined; from?: string | undefined; days: number }) => {
    const p = new URLSearchParams({ days: String(q.days) });
    if (q.language) p.set('language', q.language);
    if (q.from) p.set('from', q.from);
    return request<SlotsAnswer>(`${tour(buildingId)}/booking-slots?${p.toString()}`);
  },
  book: (buildingId: string, body: BookingBody) => request<Booking>(`${tour(buildingId)}/bookings`, { method: 'POST', body }),
  manage: (token: string) => request<ManagedBooking>(`/v2/bookings/manage?token=${encodeURIComponent(token)}`),
  cancel: (token: string) => request<ManagedBooking>('/v2/bookings/manage/cancel', { method: 'POST', body: { token } }),
  move: (token: string, start: string) => request<ManagedBooking>('/v2/bookings/manage/move', { method: 'POST', body: { token, start } }),
  join: (token: string) => request<{ url: string }>('/v2/bookings/manage/join', { method: 'POST', body: { token } }),
  guides: (buildingId: string) => request<StudioGuides>(`${studio(buildingId)}/guides`),
  saveGuides: (buildingId: string, body: StudioGuidesBody) =>
    request<StudioGuides & { inviteLinks: { email: string; url: string }[] }>(`${studio(buildingId)}/guides`, { method: 'PUT', body }),
  bookings: (buildingId: string) => request<{ bookings: StudioBooking[] }>(`${studio(buildingId)}/bookings`),
  callbacks: (buildingId: string) => request<{ callbacks: { objectId: string; name: string; phone: string; language: string; note: string; createdAt: string }[] }>(`${studio(buildingId)}/callbacks`),
  csvUrl: (buildingId: string, what: 'bookings' | 'callbacks') => `${studio(buildingId)}/${what}.csv`,
};

/** A studio CSV as a download: a plain link cannot send the identity headers, so it is fetched and handed over as an object URL. */
export async function downloadCsv(buildingId: string, what: 'bookings' | 'callbacks'): Promise<void> {
  const res = await fetch(bookingApi.csvUrl(buildingId, what), { headers: identityHeaders() });
  if (!res.ok) throw new HttpError(res.status, (await res.json().catch(() => null)) as HttpError['body']);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${what}-${buildingId}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
