// Where a head is drawn. Everyone in a panorama stands at its centre, so the direction a person looks is a ray from the
// centre: their head is drawn on that ray, AVATAR_DISTANCE away, facing the centre. Others therefore see exactly where
// that person is looking; the disc turns with their head's roll.
import { Matrix4, Quaternion, Vector3 } from 'three';
import { DEG_TO_RAD } from '../math/angles.ts';
import { AVATAR_DISTANCE, viewDirection } from './avatarMath.ts';
import type { ScenePose } from './avatarTypes.ts';

/** Position and orientation of a head: on the view ray, facing the centre, turned by the roll about the ray. */
export function avatarPlacement(p: ScenePose, distance = AVATAR_DISTANCE): { position: Vector3; quaternion: Quaternion } {
  const position = new Vector3(...viewDirection(p.yaw, p.pitch)).multiplyScalar(distance);
  // lookAt(eye = centre, target) makes the plane's +Z point back at the centre, as the markers do. Straight up or down
  // the usual up vector is parallel to the ray: use the yaw's forward instead, so the head still has an orientation.
  const up = Math.abs(p.pitch) > 89.9 ? new Vector3(...viewDirection(p.yaw, 0)).multiplyScalar(p.pitch > 0 ? -1 : 1) : new Vector3(0, 1, 0);
  const m = new Matrix4().lookAt(new Vector3(0, 0, 0), position, up);
  const quaternion = new Quaternion().setFromRotationMatrix(m);
  // Seen from the centre the plane's +Z faces us; a head rolled right (clockwise for its wearer, who looks the same
  // way we do) turns the disc clockwise as we see it: a negative turn about +Z.
  quaternion.multiply(new Quaternion().setFromAxisAngle(new Vector3(0, 0, 1), -p.roll * DEG_TO_RAD));
  return { position, quaternion };
}

