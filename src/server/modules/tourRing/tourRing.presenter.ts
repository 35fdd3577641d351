import type { Callback, IncomingCall, PhoneCountry } from '../../../protocol/tourRing.ts';
import type { CallbackRow, CallRow } from './tourRing.repository.ts';

export function presentIncoming(row: CallRow, tourName: string): IncomingCall {
  return { callId: row.id, buildingId: row.buildingId, tourName, language: row.language, visitorName: row.visitorName, startedAt: row.createdAt, deadline: row.deadline };
}

export function presentCallback(row: CallbackRow): Callback {
  return {
    objectId: row.id, buildingId: row.buildingId, tourName: row.tourName, name: row.name, phone: row.phone,
    country: row.country as PhoneCountry, language: row.language, note: row.note, createdAt: row.createdAt,
  };
}

export const meetingPath = (buildingId: string, meetingId: string, host: boolean): string =>
  `/${encodeURIComponent(buildingId)}?meeting=${encodeURIComponent(meetingId)}${host ? '&host=1' : ''}`;
