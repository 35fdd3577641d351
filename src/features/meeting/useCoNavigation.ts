// Co-navigation in the viewer: the leader's view goes out at most every NAV_SEND_INTERVAL_MS when it changed;
// followers glide toward it every frame. A follower who drags, zooms or uses the keys stops following ("back to the
// host" follows again): that is read from their input, not guessed from the view moving, because the viewer itself
// moves the view too (a panorama's start view is set when its first tiles arrive, seconds later on a slow phone).
// In VR and with the gyro only the panorama follows, never the head (forced rotation makes people sick): the
// leader's direction is published for the in-world arrow instead.
import { useEffect, useRef } from 'react';
import { NAV_SEND_INTERVAL_MS, type NavView } from '../../protocol/meeting.ts';
import type { Marker, Tour } from '../../protocol/tour.ts';
import { cameraActivity, cameraState, noteInteraction, setView } from '../../scene/index.ts';
import { proxy } from '../../state/store.ts';
import type { MeetingController } from './meetingController.ts';
import { meetingState } from './meetingStore.ts';
import { followStep, userTookOver, viewChanged } from './navFollow.ts';

/** The leader's latest view as this follower knows it (the VR arrow reads it). */
export const leaderView = proxy<{ view: NavView | null }>({ view: null });

export interface CoNavigationProps {
  controller: MeetingController | null;
  tour: Tour;
  index: number;
  onSelectPanorama: (index: number) => void;
  openMarker: Marker | null;
  onOpenMarker: (marker: Marker | null) => void;
}

export function useCoNavigation({ controller, tour, index, onSelectPanorama, openMarker, onOpenMarker }: CoNavigationProps): void {
  const latest = useRef({ tour, index, onSelectPanorama, onOpenMarker });
  latest.current = { tour, index, onSelectPanorama, onOpenMarker };
  const target = useRef<NavView | null>(null);
  const lastSent = useRef<NavView | null>(null);

  const currentView = (): NavView | null => {
    const panorama = latest.current.tour.panoramas[latest.current.index];
    return panorama ? { panoramaId: panorama.objectId, yaw: cameraState.yaw, pitch: cameraState.pitch, fov: cameraState.fov } : null;
  };

  useEffect(() => {
    if (!controller) return;
    controller.nav = {
      onLeaderView(view) {
        leaderView.view = view;
        target.current = view;
      },
      onLeaderMarker(markerId) {
        const marker = markerId ? latest.current.tour.panoramas.flatMap((p) => p.markers).find((m) => m.objectId === markerId) ?? null : null;
        latest.current.onOpenMarker(marker);
      },
      sendViewNow() {
        const view = currentView();
        if (!view) return;
        lastSent.current = view;
        controller.tell('nav:view', view);
      },
    };
    return () => {
      controller.nav = null;
    };
  }, [controller]);

  // Leader: send the view when it changed, at most every interval.
  useEffect(() => {
    if (!controller) return;
    const timer = setInterval(() => {
      if (meetingState.phase !== 'joined' || meetingState.leaderId !== meetingState.selfId) return;
      const view = currentView();
      if (!view || !viewChanged(lastSent.current, view)) return;
      lastSent.current = view;
      controller.tell('nav:view', view);
    }, NAV_SEND_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [controller]);

  // Everyone: where am I (the host's list shows it).
  const panoramaId = tour.panoramas[index]?.objectId;
  useEffect(() => {
    if (controller && panoramaId && meetingState.phase === 'joined') controller.tell('nav:where', { panoramaId });
  }, [controller, panoramaId]);

  // Leader: a marker panel opened or closed opens or closes it for the followers.
  const markerId = openMarker?.objectId ?? null;
  useEffect(() => {
    if (controller && meetingState.phase === 'joined' && meetingState.leaderId === meetingState.selfId) controller.tell('nav:marker', { markerId });
  }, [controller, markerId]);

  // Follower: glide toward the leader's view every frame.
  useEffect(() => {
    if (!controller) return;
    let frame = 0;
    let last = performance.now();
    /** When this stretch of following began; the visitor's input after it ends it. */
    let followingSince: number | null = null;
    /** The leader's panorama already asked for (the viewer switches on its next render). */
    let requested: string | null = null;
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      const dt = now - last;
      last = now;
      const goal = target.current;
      const following = meetingState.phase === 'joined' && meetingState.following && meetingState.leaderId !== meetingState.selfId;
      if (!following || !goal) {
        followingSince = null;
        return;
      }
      followingSince ??= now;
      if (userTookOver(cameraActivity.lastUserInputAt, followingSince)) {
        meetingState.following = false;
        followingSince = null;
        return;
      }
      // The leader's panorama first (when they moved on, or when following resumes after looking around elsewhere).
      const { tour: t, index: at } = latest.current;
      if (goal.panoramaId !== t.panoramas[at]?.objectId) {
        const wanted = t.panoramas.findIndex((p) => p.objectId === goal.panoramaId);
        if (wanted >= 0 && requested !== goal.panoramaId) {
          requested = goal.panoramaId;
          latest.current.onSelectPanorama(wanted);
        }
        return;
      }
      requested = null;
      // In a headset and with the gyro only the panorama follows: the wearer's head is never turned.
      if (cameraState.xrActive || cameraState.gyroActive) return;
      setView(followStep({ yaw: cameraState.yaw, pitch: cameraState.pitch, fov: cameraState.fov }, goal, dt));
      // Keeps auto-rotation from turning the view away from the leader's.
      noteInteraction(now);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [controller]);
}
