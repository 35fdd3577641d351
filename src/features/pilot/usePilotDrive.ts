// The player drives the viewer along the route: the panorama (the viewer's usual transition), the view interpolated
// between samples, marker panels opened and closed as recorded. In VR the head is never turned (forced rotation
// makes people sick): the panorama follows and the recorded direction is published for the in-world guide arrow.
import { useEffect, useRef } from 'react';
import type { PilotRoute } from '../../protocol/pilot.ts';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { cameraState, noteInteraction, setView } from '../../scene/index.ts';
import { proxy } from '../../state/store.ts';
import { routeAt } from './model/routePlayback.ts';

/** Where the recording looks now (VR's guide arrow reads it); null when no route drives the viewer. */
export const pilotGuide = proxy<{ view: { yaw: number; pitch: number } | null }>({ view: null });

export interface DriveProps {
  route: PilotRoute | null;
  /** The route drives the viewer (a recording playing or paused, self-browsing off). */
  driving: boolean;
  /** Milliseconds into the recording, read every frame (the audio element's clock). */
  clock: () => number;
  tour: Tour;
  index: number;
  onSelectPanorama: (index: number) => void;
  onOpenMarker: (marker: Marker | null) => void;
}

export function usePilotDrive({ route, driving, clock, tour, index, onSelectPanorama, onOpenMarker }: DriveProps): void {
  const latest = useRef({ clock, tour, index, onSelectPanorama, onOpenMarker });
  latest.current = { clock, tour, index, onSelectPanorama, onOpenMarker };

  useEffect(() => {
    if (!route || !driving) {
      pilotGuide.view = null;
      return;
    }
    // undefined: not applied yet, so the route's marker state is applied on (re)joining the route.
    let appliedMarker: string | null | undefined;
    let frame = 0;
    const apply = (now: number) => {
      const { tour: t, index: at } = latest.current;
      const point = routeAt(route, latest.current.clock());
      const wanted = t.panoramas.findIndex((p) => p.objectId === point.panoramaId);
      if (wanted >= 0 && wanted !== at) latest.current.onSelectPanorama(wanted);
      pilotGuide.view = { yaw: point.view.yaw, pitch: point.view.pitch };
      if (!cameraState.xrActive) setView(point.view);
      // Keeps auto-rotation off while the route drives (spec: no auto-rotation during pilot play).
      noteInteraction(now);
      if (point.markerId !== appliedMarker) {
        appliedMarker = point.markerId;
        const marker = point.markerId ? t.panoramas.flatMap((p) => p.markers).find((m) => m.objectId === point.markerId) ?? null : null;
        latest.current.onOpenMarker(marker);
      }
    };
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      apply(now);
    };
    frame = requestAnimationFrame(tick);
    // Animation frames wait for the renderer: a slow GPU (or a software one on a busy machine) holds them back for
    // seconds, and a marker the guide showed for three would be missed. The voice's clock is also read on a timer.
    const timer = setInterval(() => apply(performance.now()), 200);
    return () => {
      clearInterval(timer);
      cancelAnimationFrame(frame);
      pilotGuide.view = null;
    };
  }, [route, driving]);
}
