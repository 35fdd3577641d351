import { Euler, Quaternion, Vector3 } from 'three';
import { DEG_TO_RAD } from '../math/angles.ts';

// Asking for permission (iOS) is gyroPermission.ts, apart from three.js: the viewer's entry chunk calls it.

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
