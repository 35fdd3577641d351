import { Euler, Quaternion, Vector3 } from 'three';
import { DEG_TO_RAD } from '../math/angles.ts';

export type GyroPermission = 'granted' | 'denied' | 'unsupported';

/**
 * iOS 13+ only delivers device orientation after DeviceOrientationEvent.requestPermission(), which must be
 * called from a user gesture (a click handler of the gyro button). Elsewhere permission is implicit
 * (HTTPS still required). Call this from the DOM button before turning the gyro option on.
 */
export async function requestGyroPermission(): Promise<GyroPermission> {
  if (typeof window === 'undefined' || !('DeviceOrientationEvent' in window)) return 'unsupported';
  const ctor = window.DeviceOrientationEvent as unknown as { requestPermission?: () => Promise<string> };
  if (typeof ctor.requestPermission !== 'function') return 'granted';
  try {
    return (await ctor.requestPermission()) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied'; // thrown when not called from a user gesture
  }
}

const zee = new Vector3(0, 0, 1);
const euler = new Euler();
const q0 = new Quaternion();
// The device frame looks out of the screen's back along -Z once this -90deg turn about X is applied.
const q1 = new Quaternion(-Math.sqrt(0.5), 0, 0, Math.sqrt(0.5));

/**
 * Camera orientation from W3C device orientation angles (degrees) and the screen rotation: the maths of
 * three.js's former DeviceOrientationControls (removed from three in r134).
 */
export function deviceQuaternion(alpha: number, beta: number, gamma: number, screenAngle: number, out: Quaternion): Quaternion {
  euler.set(beta * DEG_TO_RAD, alpha * DEG_TO_RAD, -gamma * DEG_TO_RAD, 'YXZ');
  out.setFromEuler(euler);
  out.multiply(q1);
  out.multiply(q0.setFromAxisAngle(zee, -screenAngle * DEG_TO_RAD));
  return out;
}

function screenAngle(): number {
  const angle = screen.orientation?.angle;
  return typeof angle === 'number' ? angle : 0;
}

/** Listens to device orientation; returns the function that stops listening. */
export function startGyro(onReading: (q: Quaternion) => void): () => void {
  const q = new Quaternion();
  const handler = (e: DeviceOrientationEvent) => {
    if (e.alpha === null || e.beta === null || e.gamma === null) return;
    onReading(deviceQuaternion(e.alpha, e.beta, e.gamma, screenAngle(), q));
  };
  window.addEventListener('deviceorientation', handler);
  return () => window.removeEventListener('deviceorientation', handler);
}
