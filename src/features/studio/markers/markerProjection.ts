// Screen point <-> panorama position (krpano ath/atv) for the marker editor's overlay. The same camera model as
// the scene's CameraRig: three.js Euler (pitch, -yaw, 0, 'YXZ'), a vertical fov derived from the long-side fov
// (scene/math/fov.ts), and ath/atv from a direction as scene/math/angles.ts defines them.
import { athAtvToDirection, directionToAthAtv } from '../../../scene/index.ts';

export interface View {
  /** Degrees, as in cameraState. */
  yaw: number;
  pitch: number;
  /** Field of view across the longer side of the viewport, degrees. */
  fov: number;
}

export interface Viewport {
  width: number;
  height: number;
}

const RAD = Math.PI / 180;

/** Vertical fov (degrees) from the long-side fov: the same rule as scene/math/fov.ts verticalFov. */
function verticalFovOf(fov: number, aspect: number): number {
  if (!(aspect > 0) || aspect <= 1) return fov;
  return (2 * Math.atan(Math.tan((fov * RAD) / 2) / aspect)) / RAD;
}

type Vec3 = [number, number, number];

// R = Ry(-yaw) * Rx(pitch): camera space -> world space (three's 'YXZ' order applies Y last).
function cameraToWorld([x, y, z]: Vec3, view: View): Vec3 {
  const p = view.pitch * RAD;
  const yw = -view.yaw * RAD;
  const y1 = y * Math.cos(p) - z * Math.sin(p);
  const z1 = y * Math.sin(p) + z * Math.cos(p);
  return [x * Math.cos(yw) + z1 * Math.sin(yw), y1, -x * Math.sin(yw) + z1 * Math.cos(yw)];
}

function worldToCamera([x, y, z]: Vec3, view: View): Vec3 {
  const yw = view.yaw * RAD;
  const x1 = x * Math.cos(yw) + z * Math.sin(yw);
  const z1 = -x * Math.sin(yw) + z * Math.cos(yw);
  const p = -view.pitch * RAD;
  return [x1, y * Math.cos(p) - z1 * Math.sin(p), y * Math.sin(p) + z1 * Math.cos(p)];
}

/** The panorama position under a point of the viewport (CSS pixels from its top-left corner). */
export function screenToAthAtv(point: { x: number; y: number }, view: View, viewport: Viewport): { ath: number; atv: number } {
  const aspect = viewport.width / Math.max(1, viewport.height);
  const t = Math.tan((verticalFovOf(view.fov, aspect) * RAD) / 2);
  const nx = (2 * point.x) / viewport.width - 1;
  const ny = 1 - (2 * point.y) / viewport.height;
  const { ath, atv } = directionToAthAtv(cameraToWorld([nx * t * aspect, ny * t, -1], view));
  return { ath: round(ath), atv: round(atv) };
}

/** Where a panorama position appears in the viewport, or null when it is behind the viewer. */
export function athAtvToScreen(position: { ath: number; atv: number }, view: View, viewport: Viewport): { x: number; y: number } | null {
  const aspect = viewport.width / Math.max(1, viewport.height);
  const t = Math.tan((verticalFovOf(view.fov, aspect) * RAD) / 2);
  const [x, y, z] = worldToCamera(athAtvToDirection(position.ath, position.atv), view);
  if (z >= -1e-6) return null;
  const nx = x / -z / (t * aspect);
  const ny = y / -z / t;
  return { x: ((nx + 1) / 2) * viewport.width, y: ((1 - ny) / 2) * viewport.height };
}

/** Positions are kept to a hundredth of a degree: finer means nothing on screen and bloats the undo history. */
const round = (value: number): number => {
  const r = Math.round(value * 100) / 100;
  return r === 0 ? 0 : r;
};

/** A position moved by a nudge (degrees), with ath wrapped to -180..180 and atv kept within -90..90. */
export function nudge(position: { ath: number; atv: number }, dAth: number, dAtv: number): { ath: number; atv: number } {
  let ath = position.ath + dAth;
  while (ath > 180) ath -= 360;
  while (ath <= -180) ath += 360;
  return { ath: round(ath), atv: round(Math.max(-90, Math.min(90, position.atv + dAtv))) };
}
