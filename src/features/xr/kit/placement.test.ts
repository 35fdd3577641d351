import { Object3D, Plane, Ray, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { angleOfSize, fontPx, sizeForAngle, TEXT_DEG } from './angularSize.ts';
import { besideOffset, DOCK_CLEARANCE_DEG, headingClearOf, elevationClearOfDock, followAnchor, followStep, halfHeightDeg, halfWidthDeg, headingOf, MENU_DISTANCE, MENU_ELEVATION_DEG, PANEL_DISTANCE, PANEL_ELEVATION_DEG, PANEL_FOLLOW, highestPointDeg, poseAt, turnBetween, type Vec3 } from './placement.ts';

const DEG = Math.PI / 180;
const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 5));

describe('poseAt', () => {
  it('puts a panel straight ahead at eye height, its front (+Z) facing the eye', () => {
    const pose = poseAt([0, 1.6, 0], 0, 1.25);
    close(pose.position, [0, 1.6, -1.25]);
    expect(pose.yaw).toBe(0);
    expect(pose.pitch).toBe(0);
  });
  it('turns with the heading and leans back when below eye level', () => {
    const pose = poseAt([1, 1.5, 2], 90 * DEG, 1, -30);
    // Heading +90 deg looks along -X; 30 deg down.
    close(pose.position, [1 - Math.cos(30 * DEG), 1.5 - 0.5, 2]);
    // Rotation about X by a negative angle turns +Z upward: the panel faces the eye above it.
    expect(pose.pitch).toBeCloseTo(-30 * DEG, 6);
  });
  it('uses only the heading of a look direction (looking at the floor keeps the panel upright ahead)', () => {
    expect(headingOf([0, -1, -0.01])).toBeCloseTo(0, 6);
    expect(headingOf([0, 1, 0])).toBe(0);
    expect(headingOf([-1, 0, 0])).toBeCloseTo(90 * DEG, 6);
  });
});

describe('followStep (lazy follow)', () => {
  it('stays put while the head turns less than the start angle', () => {
    const state = followStep({ yaw: 0, moving: false }, 30 * DEG, 0.1, PANEL_FOLLOW);
    expect(state).toEqual({ yaw: 0, moving: false });
  });
  it('eases toward the head once it turned far, then settles', () => {
    let state = { yaw: 0, moving: false };
    const wanted = 90 * DEG;
    state = followStep(state, wanted, 0.1, PANEL_FOLLOW);
    expect(state.moving).toBe(true);
    expect(state.yaw).toBeGreaterThan(0);
    expect(state.yaw).toBeLessThan(wanted);
    for (let i = 0; i < 40; i++) state = followStep(state, wanted, 0.05, PANEL_FOLLOW);
    expect(state.moving).toBe(false);
    expect(Math.abs(turnBetween(state.yaw, wanted))).toBeLessThan(2 * DEG);
  });
  it('takes the short way round across +-180 degrees', () => {
    expect(turnBetween(170 * DEG, -170 * DEG)).toBeCloseTo(20 * DEG, 6);
    const state = followStep({ yaw: 170 * DEG, moving: true }, -170 * DEG, 0.1, PANEL_FOLLOW);
    expect(state.yaw).toBeGreaterThan(170 * DEG);
  });
});

describe('beside a marker', () => {
  it('clears the marker: the panel near edge is the marker radius plus a margin away from it', () => {
    const offset = besideOffset(0.9, 1.25, 4, -1);
    expect(offset).toBeLessThan(0);
    expect(Math.abs(offset) / DEG - halfWidthDeg(0.9, 1.25)).toBeCloseTo(8, 6);
  });
});

describe('clear of the chosen marker while following', () => {
  const clearance = 28 * DEG;
  it('keeps a heading that is clear, and pushes one over the marker out to the side it leans to', () => {
    expect(headingClearOf(40 * DEG, 0, clearance, 1)).toBe(40 * DEG);
    expect(headingClearOf(10 * DEG, 0, clearance, -1)).toBeCloseTo(28 * DEG, 9);
    expect(headingClearOf(-10 * DEG, 0, clearance, 1)).toBeCloseTo(-28 * DEG, 9);
    expect(headingClearOf(0, 0, clearance, -1)).toBeCloseTo(-28 * DEG, 9);
    // Across +-180 degrees.
    expect(turnBetween(-175 * DEG, headingClearOf(175 * DEG, -175 * DEG, clearance, 1))).toBeCloseTo(-28 * DEG, 9);
  });
});

describe('text sized by angle', () => {
  it('gives body text 1.4 degrees: about 31 mm at 1.25 m', () => {
    expect(fontPx(TEXT_DEG.body, 1.25)).toBe(31);
    expect(angleOfSize(sizeForAngle(2, 90), 90)).toBeCloseTo(2, 9);
  });
});

describe('followAnchor', () => {
  it('keeps the panel where it is while the wearer leans in, and walks it along once they step away', () => {
    expect(followAnchor([0, 1.6, 0], [0, 1.6, -0.5], false, 0.1, 4)).toEqual({ anchor: [0, 1.6, 0], moving: false });
    const step = followAnchor([0, 1.6, 0], [1, 1.6, 0], false, 0.1, 4);
    expect(step.moving).toBe(true);
    expect(step.anchor[0]).toBeGreaterThan(0);
    expect(step.anchor[0]).toBeLessThan(1);
  });
});

describe('clear of the menu dock', () => {
  // The dock with two rows of entries is 0.83 x 0.29 m; a marker card with a photo and the leave-VR question 0.9 m tall.
  const DOCK: [number, number] = [0.83, 0.29];
  const CARD: [number, number] = [0.904, 0.9];
  const dockTop = highestPointDeg(MENU_ELEVATION_DEG, ...DOCK, MENU_DISTANCE);

  /** A panel of `size` metres standing at `pose`, as FollowingGroup places it (Euler order YXZ). */
  const standing = (pose: ReturnType<typeof poseAt>, [width, height]: [number, number]) => {
    const o = new Object3D();
    o.position.set(...pose.position);
    o.rotation.set(pose.pitch, pose.yaw, 0, 'YXZ');
    o.updateMatrixWorld();
    return { o, width, height };
  };
  /** Whether the straight line from `from` to `to` crosses the panel before reaching `to`. */
  const blocks = (panel: ReturnType<typeof standing>, from: Vector3, to: Vector3) => {
    const normal = new Vector3(0, 0, 1).applyQuaternion(panel.o.quaternion);
    const plane = new Plane().setFromNormalAndCoplanarPoint(normal, panel.o.position);
    const hit = new Ray(from, to.clone().sub(from).normalize()).intersectPlane(plane, new Vector3());
    if (!hit || hit.distanceTo(from) >= to.distanceTo(from)) return false;
    const local = panel.o.worldToLocal(hit);
    return Math.abs(local.x) <= panel.width / 2 && Math.abs(local.y) <= panel.height / 2;
  };
  const eye: Vec3 = [0, 1.6, 0];

  it('sees the dock highest at its top corners (a straight edge below the eye rises toward its ends)', () => {
    const middle = MENU_ELEVATION_DEG + halfHeightDeg(DOCK[1], MENU_DISTANCE);
    expect(dockTop).toBeGreaterThan(middle + 2);
    const dock = standing(poseAt(eye, 0, MENU_DISTANCE, MENU_ELEVATION_DEG), DOCK);
    const corner = dock.o.localToWorld(new Vector3(DOCK[0] / 2, DOCK[1] / 2, 0)).sub(new Vector3(...eye));
    expect(Math.asin(corner.y / corner.length()) / DEG).toBeCloseTo(dockTop, 6);
  });

  it('leaves a short panel where panels stand, and raises a tall one until its lowest point clears the dock', () => {
    expect(elevationClearOfDock(PANEL_ELEVATION_DEG, 0.4, PANEL_DISTANCE, dockTop)).toBe(PANEL_ELEVATION_DEG);
    const raised = elevationClearOfDock(PANEL_ELEVATION_DEG, CARD[1], PANEL_DISTANCE, dockTop);
    expect(raised - halfHeightDeg(CARD[1], PANEL_DISTANCE) - dockTop).toBeCloseTo(DOCK_CLEARANCE_DEG, 6);
    // No dock (a page without the menu) or a panel not laid out yet: the preferred elevation.
    expect(elevationClearOfDock(PANEL_ELEVATION_DEG, CARD[1], PANEL_DISTANCE, null)).toBe(PANEL_ELEVATION_DEG);
    expect(elevationClearOfDock(PANEL_ELEVATION_DEG, 0, PANEL_DISTANCE, dockTop)).toBe(PANEL_ELEVATION_DEG);
  });

  // The card stands anywhere around the dock (beside a marker, or following the head); a hand aims at each button
  // of its bottom row (64 mm tall, above the card's 32 mm padding): held 10 cm under the eye, resting (where the
  // emulator holds it: 25 cm right, 10 cm down, 40 cm ahead) or low at the side (30 cm down).
  const hands = [[0, -0.1, 0], [0.25, -0.1, -0.4], [0.2, -0.3, -0.2]].map(([x, y, z]) => new Vector3(eye[0] + x!, eye[1] + y!, eye[2] + z!));
  const bottomRowBlocked = (elevationDeg: number) => {
    const dock = standing(poseAt(eye, 0, MENU_DISTANCE, MENU_ELEVATION_DEG), DOCK);
    const blocked: string[] = [];
    for (const hand of hands) for (let heading = -60; heading <= 60; heading += 5) {
      const card = standing(poseAt(eye, heading * DEG, PANEL_DISTANCE, elevationDeg), CARD);
      for (let x = -0.4; x <= 0.4; x += 0.1) {
        const button = card.o.localToWorld(new Vector3(x, -CARD[1] / 2 + 0.064, 0));
        if (blocks(dock, hand, button)) blocked.push(`${heading}:${x.toFixed(1)}`);
      }
    }
    return blocked;
  };

  it('lets a ray from the hand reach every button of a tall card\'s bottom row over the dock', () => {
    expect(bottomRowBlocked(elevationClearOfDock(PANEL_ELEVATION_DEG, CARD[1], PANEL_DISTANCE, dockTop))).toEqual([]);
  });

  it('(the fault it prevents: at the usual elevation the dock takes rays meant for the tall card\'s bottom row)', () => {
    expect(bottomRowBlocked(PANEL_ELEVATION_DEG).length).toBeGreaterThan(0);
  });
});
