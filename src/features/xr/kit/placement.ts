// Where in-world panels stand and how they follow the wearer. Pure, so the rules are unit-tested without a headset.
// World axes are three.js': -Z forward, +X right, +Y up; a yaw turns about +Y (counter-clockwise seen from above).

export type Vec3 = [number, number, number];

const DEG = Math.PI / 180;

/** Distances from the eyes, metres: panels at a comfortable reading distance, the menu within arm's reach. */
export const PANEL_DISTANCE = 1.25;
export const MENU_DISTANCE = 0.8;
/** Panels sit a little below eye level (people read looking slightly down); the menu lower, out of the view. */
export const PANEL_ELEVATION_DEG = -6;
export const MENU_ELEVATION_DEG = -38;

export interface PanelPose {
  position: Vec3;
  /** Heading of the panel seen from the eye (radians about +Y; 0 = straight ahead along -Z). */
  yaw: number;
  /** Tilt so the panel faces an eye above or below it (radians about the panel's own X axis, Euler order YXZ). */
  pitch: number;
}

/** The heading (yaw about +Y, radians) of a look direction; straight up or down has none, so -Z is used. */
export function headingOf(forward: Vec3): number {
  const [fx, , fz] = forward;
  if (Math.hypot(fx, fz) < 1e-6) return 0;
  return Math.atan2(-fx, -fz);
}

/**
 * A panel `distance` from the eye, at heading `yaw`, `elevationDeg` above (or below) eye level, facing the eye.
 * Only the heading of the view counts: looking at the floor when opening must not put the panel in the floor.
 */
export function poseAt(eye: Vec3, yaw: number, distance: number, elevationDeg = 0): PanelPose {
  const elevation = elevationDeg * DEG;
  const flat = Math.cos(elevation) * distance;
  return {
    position: [eye[0] - Math.sin(yaw) * flat, eye[1] + Math.sin(elevation) * distance, eye[2] - Math.cos(yaw) * flat],
    yaw,
    // Facing the eye: a panel below eye level leans back by as much as it is below (a rotation about X by a
    // negative angle turns the panel's front, +Z, upward).
    pitch: elevation,
  };
}

/** Shortest signed turn from angle a to angle b, radians in (-PI, PI]. */
export function turnBetween(a: number, b: number): number {
  let d = (b - a) % (2 * Math.PI);
  if (d <= -Math.PI) d += 2 * Math.PI;
  if (d > Math.PI) d -= 2 * Math.PI;
  return d;
}

export interface FollowOptions {
  /** The panel starts moving once the wanted heading is this far from it (degrees): small head turns leave it be. */
  startDeg: number;
  /** ...and stops once it is this close again. */
  stopDeg: number;
  /** Share of the remaining turn made per second (exponential ease; 4 = most of it within half a second). */
  rate: number;
}

export const PANEL_FOLLOW: FollowOptions = { startDeg: 38, stopDeg: 2, rate: 4 };
export const MENU_FOLLOW: FollowOptions = { startDeg: 45, stopDeg: 2, rate: 5 };

export interface FollowState {
  yaw: number;
  moving: boolean;
}

/**
 * Lazy follow: the panel keeps its heading while the wanted one (the head's, plus any offset) stays within
 * `startDeg`, then eases toward it and settles. Reading a panel by turning the head a little never moves it.
 */
export function followStep(state: FollowState, wanted: number, dt: number, options: FollowOptions): FollowState {
  const delta = turnBetween(state.yaw, wanted);
  const far = Math.abs(delta);
  const moving = state.moving ? far > options.stopDeg * DEG : far > options.startDeg * DEG;
  if (!moving) return { yaw: state.yaw, moving: false };
  const share = 1 - Math.exp(-options.rate * Math.max(0, Math.min(dt, 0.25)));
  return { yaw: state.yaw + delta * share, moving: true };
}

/** Angular half-width (degrees) of a panel `width` metres wide seen from `distance` metres. */
export function halfWidthDeg(width: number, distance: number): number {
  return Math.atan(width / 2 / distance) / DEG;
}

/**
 * Heading offset (radians) that puts a panel beside what the wearer just chose instead of on it: the panel's near
 * edge clears the chosen thing's own angular radius plus a margin. `side` +1 puts it to the left of the
 * direction (positive yaw turns left), -1 to the right.
 */
export function besideOffset(panelWidth: number, distance: number, targetRadiusDeg: number, side: 1 | -1, marginDeg = 4): number {
  return side * (halfWidthDeg(panelWidth, distance) + targetRadiusDeg + marginDeg) * DEG;
}

/**
 * A heading (radians) at least `clearance` from `avoid` (the heading of what the wearer chose): `yaw` itself when
 * it is clear, else pushed out to the side it already leans to (`side`, +1 left, when it is dead on). A panel that
 * follows the head must not come to rest over the chosen marker any more than it may open over it.
 */
export function headingClearOf(yaw: number, avoid: number, clearance: number, side: 1 | -1): number {
  const d = turnBetween(avoid, yaw);
  if (Math.abs(d) >= clearance) return yaw;
  return avoid + (d === 0 ? side : Math.sign(d)) * clearance;
}

/** Angular half-height (degrees) of a panel `height` metres tall seen face-on from `distance` metres. */
export const halfHeightDeg = halfWidthDeg;

/**
 * Angle (degrees) kept between a panel's lowest point and the menu dock's highest. It also keeps a ray from a hand
 * held under the eye off the dock when it aims at a panel's bottom row: the dock is nearer (0.8 m against 1.25 m),
 * so such a ray passes lower at the dock's distance than the eye's own line to the same button.
 */
export const DOCK_CLEARANCE_DEG = 6;

/**
 * The highest elevation (degrees, seen from the eye) that any part of a panel `width` x `height` metres reaches,
 * centred at `elevationDeg` and `distance` metres away, facing the eye. For a panel below eye level that is a top
 * corner, not the middle of the top edge: a straight edge below the eye is seen closer to the horizon at its ends
 * (they are farther away), by 3 degrees for the 0.83 m wide menu dock.
 */
export function highestPointDeg(elevationDeg: number, width: number, height: number, distance: number): number {
  const top = elevationDeg * DEG + Math.atan(height / 2 / distance);
  const range = Math.hypot(distance, height / 2);
  const up = range * Math.sin(top);
  const along = range * Math.cos(top);
  // Below eye level the corners are the highest points; above it the middle of the top edge is.
  return Math.atan2(up, up < 0 ? Math.hypot(along, width / 2) : along) / DEG;
}

/**
 * The elevation (degrees) at which a panel `height` metres tall stands so that it never overlaps the menu dock:
 * the preferred one, or higher when a tall panel would reach down into the dock's band (`dockTopDeg`, the dock's
 * highest point seen from the eye, highestPointDeg; null when there is no dock). A panel's lowest point is the
 * middle of its bottom edge. A card over the dock had its bottom buttons behind the nearer dock for a ray.
 */
export function elevationClearOfDock(preferredDeg: number, height: number, distance: number, dockTopDeg: number | null, marginDeg = DOCK_CLEARANCE_DEG): number {
  if (dockTopDeg === null || !(height > 0)) return preferredDeg;
  return Math.max(preferredDeg, dockTopDeg + marginDeg + halfHeightDeg(height, distance));
}

/** The wearer may lean or step this far (metres) toward or around a panel before it walks along with them. */
export const STEP_START_M = 0.75;
const STEP_STOP_M = 0.03;

/**
 * Where a panel measures its pose from: the eye it was placed from, kept while the wearer leans in to read (so
 * the panel comes closer, as a real one would) and eased to the eye once they have moved well away.
 */
export function followAnchor(anchor: Vec3, eye: Vec3, moving: boolean, dt: number, rate: number): { anchor: Vec3; moving: boolean } {
  const d = Math.hypot(eye[0] - anchor[0], eye[1] - anchor[1], eye[2] - anchor[2]);
  const move = moving ? d > STEP_STOP_M : d > STEP_START_M;
  if (!move) return { anchor, moving: false };
  const share = 1 - Math.exp(-rate * Math.max(0, Math.min(dt, 0.25)));
  return { anchor: [0, 1, 2].map((i) => anchor[i]! + (eye[i]! - anchor[i]!) * share) as Vec3, moving: true };
}
