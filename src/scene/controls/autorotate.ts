import { AUTOPILOT_SKIPPED_CATEGORIES, ROTATE_SPEEDS } from '../../protocol/constants.ts';

export type RotateSpeed = keyof typeof ROTATE_SPEEDS;

/** The spec's speeds are seconds per full turn ("fractions of 360 per unit"): 200 -> 1.8 deg/s. */
export function rotationDegreesPerSecond(speed: RotateSpeed = 'autoRotate'): number {
  return 360 / ROTATE_SPEEDS[speed];
}

/** Auto-rotation starts after this much idle time ("auto start 5"). */
export const AUTOROTATE_IDLE_MS = ROTATE_SPEEDS.autoStart * 1000;

export interface RotationGate {
  enabled: boolean;
  gyro: boolean;
  xr: boolean;
  /** Live stream, pilot play or recording (spec section 4). */
  suspended: boolean;
  /** The user is dragging or a key is held. */
  interacting: boolean;
  idleMs: number;
}

export function shouldAutoRotate(gate: RotationGate): boolean {
  return gate.enabled && !gate.gyro && !gate.xr && !gate.suspended && !gate.interacting && gate.idleMs >= AUTOROTATE_IDLE_MS;
}

/**
 * Autopilot's next panorama: the next one in tour order (wrapping), skipping toilets and bathrooms.
 * null when no other panorama qualifies (stay where we are).
 */
export function nextAutopilotIndex(panoramas: readonly { category: string }[], current: number): number | null {
  const n = panoramas.length;
  const skipped = new Set<string>(AUTOPILOT_SKIPPED_CATEGORIES);
  for (let step = 1; step < n; step++) {
    const index = (((current + step) % n) + n) % n;
    if (!skipped.has(panoramas[index]!.category)) return index;
  }
  return null;
}
