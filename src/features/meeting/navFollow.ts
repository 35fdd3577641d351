// Co-navigation maths, pure: followers glide toward the leader's latest view between updates (sent at most every
// NAV_SEND_INTERVAL_MS), and a follower who moves the view themselves stops following.
import type { NavView } from '../../protocol/meeting.ts';

export interface View {
  yaw: number;
  pitch: number;
  fov: number;
}

/** -180..180 */
export function wrapDegrees(angle: number): number {
  const a = ((((angle + 180) % 360) + 360) % 360) - 180;
  return a === -180 ? 180 : a;
}

/** From a toward b the short way round. */
export function lerpAngle(a: number, b: number, t: number): number {
  return wrapDegrees(a + wrapDegrees(b - a) * t);
}

/**
 * One frame of following: exponential smoothing with a time constant of about one update interval, so the view
 * moves as smoothly as the leader's did and arrives within a few updates of them stopping.
 */
export function followStep(current: View, target: View, dtMs: number, timeConstantMs = 120): View {
  const t = 1 - Math.exp(-Math.max(0, dtMs) / timeConstantMs);
  return { yaw: lerpAngle(current.yaw, target.yaw, t), pitch: current.pitch + (target.pitch - current.pitch) * t, fov: current.fov + (target.fov - current.fov) * t };
}

/** The follower moved the view with their own input (drag, keys, wheel, zoom buttons) since following began. */
export function userTookOver(lastUserInputAt: number, followingSince: number): boolean {
  return lastUserInputAt > followingSince;
}

/** Worth sending: the leader's view changed noticeably since the last update. */
export function viewChanged(previous: NavView | null, next: NavView): boolean {
  if (!previous || previous.panoramaId !== next.panoramaId) return true;
  return Math.abs(wrapDegrees(next.yaw - previous.yaw)) > 0.2 || Math.abs(next.pitch - previous.pitch) > 0.2 || Math.abs(next.fov - previous.fov) > 0.3;
}

/** Where the leader looks relative to where a VR follower looks: the arrow's angle on the follower's horizon. */
export function bearingTo(followerYaw: number, leaderYaw: number): number {
  return wrapDegrees(leaderYaw - followerYaw);
}
