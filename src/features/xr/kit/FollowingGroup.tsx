import { useFrame } from '@react-three/fiber';
import { type ReactNode, useRef } from 'react';
import { type Group, Vector3 } from 'three';
import { type FollowOptions, type FollowState, followAnchor, followStep, headingOf, poseAt, type Vec3 } from './placement.ts';

export interface FollowingGroupProps {
  /** Metres from the eye. */
  distance: number;
  /** Degrees above (+) or below (-) eye level. */
  elevationDeg: number;
  /** Heading relative to the head's, radians (+ turns left): keeps a panel beside what the wearer chose. */
  yawOffset?: number;
  /** Heading to open at (radians, world); default: the head's heading plus the offset. */
  openYaw?: number | null;
  follow: FollowOptions;
  /** Changing this re-places the group as if it had just opened (a new marker, another panel). */
  placementKey?: string;
  name?: string;
  children: ReactNode;
}

/** Frames to wait before the first placement: the XR camera's pose is only fresh once a frame has rendered. */
const SETTLE_FRAMES = 2;

/**
 * A group that stands in front of the wearer and follows them lazily: it keeps its heading while the head turns a
 * little (reading, looking around the panel) and eases back in front once the head has turned well away. Leaning
 * in brings it closer, as a real panel would; stepping well away brings it along. Hidden until placed.
 */
export function FollowingGroup({ distance, elevationDeg, yawOffset = 0, openYaw = null, follow, placementKey = '', name, children }: FollowingGroupProps) {
  const group = useRef<Group>(null);
  const placed = useRef<{ key: string; frames: number; state: FollowState; anchor: Vec3; stepping: boolean } | null>(null);
  const tmp = useRef({ eye: new Vector3(), forward: new Vector3() });

  useFrame(({ camera }, dt) => {
    const g = group.current;
    if (!g) return;
    const { eye, forward } = tmp.current;
    camera.getWorldPosition(eye);
    camera.getWorldDirection(forward);
    const wanted = headingOf([forward.x, forward.y, forward.z]) + yawOffset;
    const at: Vec3 = [eye.x, eye.y, eye.z];
    let p = placed.current;
    if (!p || p.key !== placementKey) {
      p = placed.current = { key: placementKey, frames: 0, state: { yaw: wanted, moving: false }, anchor: at, stepping: false };
      g.visible = false;
    }
    if (p.frames <= SETTLE_FRAMES) {
      p.frames += 1;
      p.state = { yaw: openYaw ?? wanted, moving: false };
      p.anchor = at;
    } else {
      p.state = followStep(p.state, wanted, dt, follow);
      const step = followAnchor(p.anchor, at, p.stepping, dt, follow.rate);
      p.anchor = step.anchor;
      p.stepping = step.moving;
    }
    const pose = poseAt(p.anchor, p.state.yaw, distance, elevationDeg);
    g.position.set(...pose.position);
    g.rotation.set(pose.pitch, pose.yaw, 0, 'YXZ');
    if (p.frames > SETTLE_FRAMES) g.visible = true;
  });

  return (
    <group ref={group} visible={false} name={name}>
      {children}
    </group>
  );
}
