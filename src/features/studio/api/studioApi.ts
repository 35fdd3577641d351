import { HttpError, identityHeaders, request } from '../../../api/httpClient.ts';
import type { ErrorBody } from '../../../protocol/errors.ts';
import {
  studioPaths, type PanoramaEvent, type StudioProperty, type StudioTour, type StudioToursResponse, type UpdatePanoramaBody,
  type UpdateTourBody, type UploadPanoramasResponse,
} from '../../../protocol/studio.ts';

/** The studio's calls (src/protocol/studio.ts). Failures reject with HttpError carrying {code, message, field}. */
export const openStudio = () => request<{ headquarterId: string; userType: string }>(studioPaths.session, { method: 'POST' });
export const listTours = () => request<StudioToursResponse>(studioPaths.tours);
export const createTour = (name: string) => request<StudioTour>(studioPaths.tours, { method: 'POST', body: { name } });
export const getTour = (id: string) => request<StudioTour>(studioPaths.tour(id));
export const updateTour = (id: string, body: UpdateTourBody) => request<StudioTour>(studioPaths.tour(id), { method: 'PATCH', body });
export const removeTour = (id: string) => request<{ objectId: string; removedAt: string }>(studioPaths.tour(id), { method: 'DELETE' });
export const restoreTour = (id: string) => request<StudioTour>(studioPaths.restore(id), { method: 'POST' });
export const publishTour = (id: string, published: boolean) => request<StudioTour>(studioPaths.publish(id), { method: 'POST', body: { published } });
export const clearTourImage = (id: string, kind: 'logo' | 'floorplan') =>
  request<StudioTour>(kind === 'logo' ? studioPaths.logo(id) : studioPaths.floorplan(id), { method: 'DELETE' });
export const updatePanorama = (id: string, panoramaId: string, body: UpdatePanoramaBody) =>
  request<StudioTour>(studioPaths.panorama(id, panoramaId), { method: 'PATCH', body });
export const deletePanorama = (id: string, panoramaId: string) => request<StudioTour>(studioPaths.panorama(id, panoramaId), { method: 'DELETE' });
export const reorderPanoramas = (id: string, panoramaIds: string[]) =>
  request<StudioTour>(studioPaths.panoramaOrder(id), { method: 'PUT', body: { panoramaIds } });
export const createProperty = (name: string) => request<StudioProperty>(studioPaths.properties, { method: 'POST', body: { name } });
export const updateProperty = (id: string, body: { name?: string; buildingIds?: string[] }) =>
  request<StudioProperty>(studioPaths.property(id), { method: 'PATCH', body });
export const deleteProperty = (id: string) => request<{ objectId: string }>(studioPaths.property(id), { method: 'DELETE' });

/**
 * Sends files as multipart with XHR, whose upload events report bytes sent (fetch cannot). Resolves with the
 * parsed answer; rejects with HttpError (status 0 on a network failure or abort).
 */
export function sendFiles<T>(method: 'POST' | 'PUT', path: string, files: File[], onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [k, v] of Object.entries(identityHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = { message: xhr.responseText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new HttpError(xhr.status, body as Partial<ErrorBody>));
    };
    xhr.onerror = () => reject(new HttpError(0, { message: 'network' }));
    xhr.onabort = () => reject(new HttpError(0, { message: 'aborted' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    xhr.send(form);
  });
}

export const uploadPanoramas = (id: string, files: File[], onProgress?: (fraction: number) => void) =>
  sendFiles<UploadPanoramasResponse>('POST', studioPaths.panoramas(id), files, onProgress);
export const uploadTourImage = (id: string, kind: 'logo' | 'floorplan', file: File) =>
  sendFiles<StudioTour>('PUT', kind === 'logo' ? studioPaths.logo(id) : studioPaths.floorplan(id), [file]);

/**
 * Reads the tour's Server-Sent Events with fetch (EventSource cannot send the identity headers). Calls onBroken when
 * the stream cannot be opened or ends, so the caller can fall back to polling.
 */
export function watchTourEvents(id: string, onEvent: (e: PanoramaEvent) => void, onBroken: () => void): () => void {
  const controller = new AbortController();
  void (async () => {
    try {
      const res = await fetch(studioPaths.events(id), { headers: { accept: 'text/event-stream', ...identityHeaders() }, signal: controller.signal });
      if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          if (data) onEvent(JSON.parse(data) as PanoramaEvent);
        }
      }
      if (!controller.signal.aborted) onBroken();
    } catch {
      if (!controller.signal.aborted) onBroken();
    }
  })();
  return () => controller.abort();
}
