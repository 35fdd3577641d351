import { describe, expect, it } from 'vitest';
import { Vector3 } from 'three';
import { AVATAR_DISTANCE, nearestFirst, viewAngle } from './avatarMath.ts';
import { avatarPlacement } from './avatarPlacement.ts';
import { interpolatePose, PoseTrack } from './poseTrack.ts';

const near = (a: number, b: number, eps = 1e-6) => expect(Math.abs(a - b)).toBeLessThan(eps);

describe('pose interpolation', () => {
  it('draws the pose of one interval ago, between the two samples around it', () => {
    const track = new PoseTrack(100);
    track.push({ yaw: 0, pitch: 0, roll: 0 }, 1000);
    track.push({ yaw: 10, pitch: -20, roll: 4 }, 1100);
    expect(track.sample(1100)).toEqual({ yaw: 0, pitch: 0, roll: 0 });
    const mid = track.sample(1150)!;
    near(mid.yaw, 5);
    near(mid.pitch, -10);
    near(mid.roll, 2);
    expect(track.moving(1150)).toBe(true);
    // Past the newest sample it holds still rather than guess ahead.
    expect(track.sample(1400)).toEqual({ yaw: 10, pitch: -20, roll: 4 });
    expect(track.moving(1400)).toBe(false);
  });

  it('turns the short way across the back (170 -> -170 passes 180)', () => {
    const p = interpolatePose({ yaw: 170, pitch: 0, roll: 0 }, { yaw: -170, pitch: 0, roll: 0 }, 0.5);
    near(Math.abs(p.yaw), 180);
    const q = interpolatePose({ yaw: 170, pitch: 0, roll: 0 }, { yaw: -170, pitch: 0, roll: 0 }, 0.25);
    near(q.yaw, 175);
  });

  it('ignores a pose that arrives older than the newest (volatile messages may reorder)', () => {
    const track = new PoseTrack(0);
    track.push({ yaw: 30, pitch: 0, roll: 0 }, 2000);
    track.push({ yaw: 90, pitch: 0, roll: 0 }, 1900);
    expect(track.sample(5000)?.yaw).toBe(30);
  });

  it('has nothing to draw before the first pose, and one pose is drawn as it is', () => {
    const track = new PoseTrack(100);
    expect(track.sample(0)).toBeNull();
    track.push({ yaw: -45, pitch: 12, roll: 0 }, 10);
    expect(track.sample(11)).toEqual({ yaw: -45, pitch: 12, roll: 0 });
  });
});

describe('placement', () => {
  it('puts the head on the view ray at AVATAR_DISTANCE (yaw 0 = -Z, yaw 90 = +X, pitch up = +Y)', () => {
    const front = avatarPlacement({ yaw: 0, pitch: 0, roll: 0 }).position;
    near(front.x, 0);
    near(front.y, 0);
    near(front.z, -AVATAR_DISTANCE);
    const right = avatarPlacement({ yaw: 90, pitch: 0, roll: 0 }).position;
    near(right.x, AVATAR_DISTANCE);
    const up = avatarPlacement({ yaw: 0, pitch: 30, roll: 0 }).position;
    near(up.y, AVATAR_DISTANCE * Math.sin(Math.PI / 6));
    near(up.length(), AVATAR_DISTANCE);
  });

  it('faces the centre, and a head rolled right turns clockwise as seen from the centre', () => {
    const { position, quaternion } = avatarPlacement({ yaw: 40, pitch: 10, roll: 0 });
    const normal = new Vector3(0, 0, 1).applyQuaternion(quaternion);
    near(normal.dot(position.clone().normalize().negate()), 1);
    // Straight ahead, unrolled: the disc's up is world up; rolled 90 right, its up points right (+X).
    const rolled = avatarPlacement({ yaw: 0, pitch: 0, roll: 90 }).quaternion;
    const up = new Vector3(0, 1, 0).applyQuaternion(rolled);
    near(up.x, 1);
  });

  it('gives a head straight overhead an orientation (no NaN)', () => {
    const { quaternion } = avatarPlacement({ yaw: 30, pitch: 90, roll: 0 });
    expect([quaternion.x, quaternion.y, quaternion.z, quaternion.w].every(Number.isFinite)).toBe(true);
  });
});

describe('nearest first', () => {
  it('measures the great-circle angle between view directions', () => {
    near(viewAngle({ yaw: 0, pitch: 0 }, { yaw: 90, pitch: 0 }), 90);
    near(viewAngle({ yaw: 170, pitch: 0 }, { yaw: -170, pitch: 0 }), 20, 1e-4);
    near(viewAngle({ yaw: 0, pitch: 90 }, { yaw: 123, pitch: 90 }), 0, 1e-4);
  });

  it('keeps the `limit` people whose heads are closest to where I look, closest first; unknown poses are left out', () => {
    const poses: Record<string, { yaw: number; pitch: number } | null> = {
      behind: { yaw: 180, pitch: 0 }, left: { yaw: -30, pitch: 0 }, ahead: { yaw: 2, pitch: 1 }, above: { yaw: 0, pitch: 60 }, nowhere: null,
    };
    const ids = Object.keys(poses);
    expect(nearestFirst(ids, (id) => poses[id]!, { yaw: 0, pitch: 0 }, 3)).toEqual(['ahead', 'left', 'above']);
    expect(nearestFirst(ids, (id) => poses[id]!, { yaw: 175, pitch: 0 }, 1)).toEqual(['behind']);
    expect(nearestFirst(ids, (id) => poses[id]!, { yaw: 0, pitch: 0 }, 0)).toEqual([]);
  });
});
