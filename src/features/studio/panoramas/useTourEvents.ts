import { useEffect, useRef } from 'react';
import type { StudioPanorama, StudioTour } from '../../../protocol/studio.ts';
import { getTour, watchTourEvents } from '../api/studioApi.ts';

const POLL_MS = 2_000;
const RECONNECT_MS = 5_000;

/**
 * Live tiling progress: the tour's event stream; when it breaks (a proxy, another server process) the tour is
 * polled while anything is tiling, and the stream is tried again.
 */
export function useTourEvents(buildingId: string, hasTiling: boolean, onPanorama: (p: StudioPanorama) => void, onTour: (t: StudioTour) => void): void {
  const handlers = useRef({ onPanorama, onTour, hasTiling });
  handlers.current = { onPanorama, onTour, hasTiling };

  useEffect(() => {
    let stop: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let closed = false;
    const connect = () => {
      stop = watchTourEvents(buildingId, (e) => handlers.current.onPanorama(e.panorama), () => {
        if (!closed) poll();
      });
    };
    const poll = () => {
      timer = setTimeout(() => {
        void (async () => {
          if (closed) return;
          if (handlers.current.hasTiling) {
            try {
              handlers.current.onTour(await getTour(buildingId));
            } catch {
              /* try again on the next round */
            }
          }
          if (!closed) connect();
        })();
      }, handlers.current.hasTiling ? POLL_MS : RECONNECT_MS);
    };
    connect();
    return () => {
      closed = true;
      stop?.();
      if (timer) clearTimeout(timer);
    };
  }, [buildingId]);
}
