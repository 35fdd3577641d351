// HTTP calls of the pilot feature (contract: src/protocol/pilot.ts).
import { HttpError, identityHeaders, NetworkError, request } from '../../api/httpClient.ts';
import type { PilotRoute, Recording, RecordingWithRoute } from '../../protocol/pilot.ts';

const tourPath = (buildingId: string) => `/v2/pilots/tours/${encodeURIComponent(buildingId)}/recordings`;
const recordingPath = (id: string) => `/v2/pilots/recordings/${encodeURIComponent(id)}`;

export const pilotAvailability = (buildingId: string) =>
  request<{ canRecord: boolean; limitMs: number }>(`/v2/pilots/availability?buildingId=${encodeURIComponent(buildingId)}`);

export const listRecordings = (buildingId: string) => request<{ recordings: Recording[] }>(tourPath(buildingId)).then((a) => a.recordings);

export const getRecording = (id: string) => request<RecordingWithRoute>(recordingPath(id));

export const updateRecording = (id: string, change: { title?: string; published?: boolean }) =>
  request<Recording>(recordingPath(id), { method: 'PATCH', body: change });

export const deleteRecording = (id: string) => request<{ objectId: string }>(recordingPath(id), { method: 'DELETE' });

export interface TakeUpload {
  buildingId: string;
  clientId: string;
  title: string;
  language: string;
  route: PilotRoute;
  audio: Blob;
}

/**
 * The multipart upload (fields first, the file last, as the server streams it). No time-out: ten minutes of audio on
 * a slow uplink may take longer than the API's 30 s; the clientId makes a repeated upload harmless.
 */
export async function uploadTake(take: TakeUpload): Promise<Recording> {
  const form = new FormData();
  form.append('title', take.title);
  form.append('language', take.language);
  form.append('clientId', take.clientId);
  form.append('route', JSON.stringify(take.route));
  const type = take.audio.type || 'audio/webm';
  const extension = type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm';
  form.append('audio', take.audio, `take.${extension}`);
  let res: Response;
  try {
    res = await fetch(tourPath(take.buildingId), { method: 'POST', headers: { accept: 'application/json', ...identityHeaders() }, body: form });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = { message: text };
  }
  if (!res.ok) throw new HttpError(res.status, body as HttpError['body']);
  return body as Recording;
}
