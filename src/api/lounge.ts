import type { LoungeRole } from '../protocol/lounge.ts';
import { ticketPaths, type StudioTicket, type TicketImportAnswer, type TicketLoginAnswer, type TicketLoginBody } from '../protocol/loungeTickets.ts';
import { HttpError, identityHeaders, request } from './httpClient.ts';

/** Section 5's ticket sign-in: binds the ticket to the signed-in account, or answers a new session made from it. */
export const ticketLoginCall = (body: TicketLoginBody) => request<TicketLoginAnswer>(ticketPaths.login, { method: 'POST', body });

// The studio's ticket calls (owners and editors of the tour; the server's route guard decides).
export const ticketsCall = (buildingId: string) => request<{ tickets: StudioTicket[] }>(ticketPaths.list(buildingId));
export const generateTicketsCall = (buildingId: string, count: number, role: LoungeRole) =>
  request<{ tickets: StudioTicket[] }>(ticketPaths.generate(buildingId), { method: 'POST', body: { count, role } });
export const importTicketsCall = (buildingId: string, csv: string) =>
  request<TicketImportAnswer>(ticketPaths.import(buildingId), { method: 'POST', body: { csv } });
export const deleteTicketCall = (buildingId: string, ticketId: string) => request<{ ok: true }>(ticketPaths.one(buildingId, ticketId), { method: 'DELETE' });

/** The CSV export as a file: fetched with the identity headers (a plain link would not carry them). */
export async function exportTicketsFile(buildingId: string): Promise<Blob> {
  const res = await fetch(ticketPaths.export(buildingId), { headers: identityHeaders() });
  if (!res.ok) throw new HttpError(res.status, null);
  return res.blob();
}
