import { useCallback, useRef, useState } from 'react';
import type { StudioPanorama, UploadResult } from '../../../protocol/studio.ts';
import { uploadPanoramas } from '../api/studioApi.ts';

/** A file on its way to the server (before the server answers, it exists only here). */
export interface UploadItem {
  key: string;
  fileName: string;
  progress: number;
  status: 'uploading' | 'failed';
  /** A refusal code of the server (NOT_AN_IMAGE, WRONG_RATIO, ...) or 'network'. */
  code: string | null;
  /** The server's own sentence, naming the file. */
  detail: string | null;
}

/**
 * One file at a time: the server tiles one at a time anyway, each file gets the whole line (its own progress bar
 * moves), and the tour keeps the order in which the files were chosen.
 */
const PARALLEL = 1;
let nextKey = 0;

/**
 * Sends each file in its own request (so each has its own progress bar and its own answer): a bad or failing file
 * never holds up the others. Accepted files are handed to `onAccepted` as tiling panoramas.
 */
export function useUploads(buildingId: string, onAccepted: (panorama: StudioPanorama) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<Array<{ key: string; file: File }>>([]);
  const active = useRef(0);
  const patch = (key: string, change: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const pump = useCallback(() => {
    while (active.current < PARALLEL && queue.current.length > 0) {
      const { key, file } = queue.current.shift()!;
      active.current += 1;
      void uploadPanoramas(buildingId, [file], (progress) => patch(key, { progress }))
        .then(({ results }) => {
          const result: UploadResult | undefined = results[0];
          if (result?.ok) {
            setItems((list) => list.filter((i) => i.key !== key));
            onAccepted(result.panorama);
          } else patch(key, { status: 'failed', code: result?.code ?? 'network', detail: result?.message ?? null });
        })
        .catch((error: unknown) => {
          const body = (error as { body?: { code?: string; message?: string } }).body;
          const status = (error as { status?: number }).status ?? 0;
          patch(key, { status: 'failed', code: status === 0 ? 'network' : (body?.code ?? 'network'), detail: body?.message ?? null });
        })
        .finally(() => {
          active.current -= 1;
          pump();
        });
    }
  }, [buildingId, onAccepted]);

  const add = useCallback((files: File[]) => {
    const fresh = files.map((file) => ({ key: `u${(nextKey += 1)}`, file }));
    setItems((list) => [...list, ...fresh.map(({ key, file }) => ({ key, fileName: file.name, progress: 0, status: 'uploading' as const, code: null, detail: null }))]);
    queue.current.push(...fresh);
    pump();
  }, [pump]);

  const dismiss = useCallback((key: string) => setItems((list) => list.filter((i) => i.key !== key)), []);
  return { items, add, dismiss };
}
