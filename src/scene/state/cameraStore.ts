import { DEFAULT_FOV } from '../../protocol/constants.ts';
import { proxy } from '../../state/store.ts';
import { clampFov, clampPitch } from '../math/fov.ts';
import { normalizeAngle } from '../math/angles.ts';

/**
 * The view, shared by the scene and the DOM overlay (zoom buttons, compass, meeting "follow the host").
 * Degrees: yaw = krpano ath (right-positive), pitch = -atv (up-positive), fov = field of view across the
 * LONGER side of the viewport (see math/fov.ts). Write through the functions below so limits hold.
 */
export const cameraState = proxy({
  yaw: 0,
  pitch: 0,
  fov: DEFAULT_FOV as number,
  /** Head roll in a headset, degrees, right-positive (0 on flat screens): others' avatars of this visitor tilt with it. */
  roll: 0,
  /** Device orientation drives the view. */
  gyroActive: false,
  /** An immersive XR session is running (the head drives the view). */
  xrActive: false,
  /** Auto-rotation is turning the view right now. */
  autorotating: false,
});

/**
 * Not reactive on purpose: written on every pointer event. lastInteractionAt (anything that chose the view,
 * including a meeting or a pilot driving it) holds auto-rotation back; lastUserInputAt (the visitor's own hands:
 * drag, pinch, wheel, keys, zoom buttons) tells a follower's co-navigation that the visitor took the controls.
 */
export const cameraActivity = { lastInteractionAt: 0, lastUserInputAt: 0 };

export function noteInteraction(now = performance.now()): void {
  cameraActivity.lastInteractionAt = now;
}

/** The visitor moved the view themselves. */
export function noteUserInput(now = performance.now()): void {
  cameraActivity.lastInteractionAt = now;
  cameraActivity.lastUserInputAt = now;
}

export function setView(view: { yaw?: number; pitch?: number; fov?: number }): void {
  if (view.yaw !== undefined) cameraState.yaw = normalizeAngle(view.yaw);
  if (view.pitch !== undefined) cameraState.pitch = clampPitch(view.pitch);
  if (view.fov !== undefined) cameraState.fov = clampFov(view.fov);
}

export function rotateBy(deltaYaw: number, deltaPitch: number): void {
  setView({ yaw: cameraState.yaw + deltaYaw, pitch: cameraState.pitch + deltaPitch });
}

/** factor < 1 zooms in (narrower fov). */
export function zoomBy(factor: number): void {
  setView({ fov: cameraState.fov * factor });
}

export const ZOOM_STEP = 1.25;

export function zoomIn(): void {
  noteUserInput();
  zoomBy(1 / ZOOM_STEP);
}

export function zoomOut(): void {
  noteUserInput();
  zoomBy(ZOOM_STEP);
}
