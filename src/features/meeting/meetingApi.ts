// HTTP calls of the meeting feature (contract: src/protocol/meeting.ts).
import { request } from '../../api/httpClient.ts';
import type { CreateMeetingBody, HostMeeting, JoinAnswer, JoinBody, Meeting } from '../../protocol/meeting.ts';

export const meetingAvailability = (buildingId: string) =>
  request<{ enabled: boolean; canHost: boolean }>(`/v2/meetings/availability?buildingId=${encodeURIComponent(buildingId)}`);

export const publicMeeting = (meetingId: string) => request<Meeting>(`/v2/meetings/${encodeURIComponent(meetingId)}`);

export const joinMeeting = (meetingId: string, body: JoinBody) =>
  request<JoinAnswer>(`/v2/meetings/${encodeURIComponent(meetingId)}/join`, { method: 'POST', body });

export const meetingByCode = (code: string) =>
  request<{ meetingId: string; buildingId: string }>(`/v2/meetings/code/${encodeURIComponent(code)}`);

export const createMeeting = (buildingId: string, body: CreateMeetingBody) =>
  request<HostMeeting>(`/v2/meetings/tours/${encodeURIComponent(buildingId)}`, { method: 'POST', body });

export const tourMeetings = (buildingId: string) =>
  request<{ meetings: HostMeeting[] }>(`/v2/meetings/tours/${encodeURIComponent(buildingId)}`);

export const endMeetingCall = (meetingId: string) =>
  request<HostMeeting>(`/v2/meetings/${encodeURIComponent(meetingId)}/end`, { method: 'POST' });
