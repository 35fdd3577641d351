import { useFrame } from '@react-three/fiber';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { type Group, type Object3D, Vector3 } from 'three';
import { dockTopDeg, setDockTopDeg } from './dockBand.ts';
import { elevationClearOfDock, type FollowOptions, type FollowState, followAnchor, followStep, headingClearOf, headingOf, highestPointDeg, poseAt, turnBetween, type Vec3 } from './placement.ts';

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
  /**
   * 'dock': this group is the menu dock, whose top edge the panels keep clear of; 'panel': stand above the dock
   * (higher than `elevationDeg` when the content is tall enough to reach down into it). The content's height is
   * read from the uikit root inside the group.
   */
  band?: 'dock' | 'panel';
  /** What the group must never stand over (the chosen marker), read every frame, and by how much to clear it (radians). */
  avoid?: RefObject<Object3D | null>;
  avoidClearance?: number;
  children: ReactNode;
}

/** Frames to wait before the first placement: the XR camera's pose is only fresh once a frame has rendered. */
const SETTLE_FRAMES = 2;

/**
 * A group that stands in front of the wearer and follows them lazily: it keeps its heading while the head turns a
 * little (reading, looking around the panel) and eases back in front once the head has turned well away. Leaning
 * in brings it closer, as a real panel would; stepping well away brings it along. Hidden until placed.
 */
export function FollowingGroup({ distance, elevationDeg, yawOffset = 0, openYaw = null, follow, placementKey = '', name, band, avoid, avoidClearance = 0, children }: FollowingGroupProps) {
  const group = useRef<Group>(null);
  const placed = useRef<{ key: string; frames: number; state: FollowState; anchor: Vec3; stepping: boolean } | null>(null);
  const tmp = useRef({ eye: new Vector3(), forward: new Vector3(), avoided: new Vector3() });

  useFrame(({ camera }, dt) => {
    const g = group.current;
    if (!g) return;
    const { eye, forward, avoided } = tmp.current;
    camera.getWorldPosition(eye);
    camera.getWorldDirection(forward);
    let wanted = headingOf([forward.x, forward.y, forward.z]) + yawOffset;
    // Following the head keeps the panel beside the chosen marker too: where the head's heading plus the offset
    // would put it over the marker (the wearer looks off to the marker's other side), it stops beside it. Read every
    // frame, not once at opening: the marker's world place is not fixed while its panorama is still arriving.
    const target = avoid?.current;
    const side: 1 | -1 = yawOffset < 0 ? -1 : 1;
    let avoidYaw: number | null = null;
    if (target && avoidClearance > 0) {
      target.getWorldPosition(avoided).sub(eye);
      avoidYaw = headingOf([avoided.x, avoided.y, avoided.z]);
      wanted = headingClearOf(wanted, avoidYaw, avoidClearance, side);
    }
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
      // Resting over the marker (it moved under the panel): ease aside.
      if (avoidYaw !== null && Math.abs(turnBetween(avoidYaw, p.state.yaw)) < avoidClearance - 0.01) {
        p.state = followStep({ yaw: p.state.yaw, moving: true }, headingClearOf(p.state.yaw, avoidYaw, avoidClearance, side), dt, follow);
      }
      const step = followAnchor(p.anchor, at, p.stepping, dt, follow.rate);
      p.anchor = step.anchor;
      p.stepping = step.moving;
    }
    const [width, height] = band ? contentSize(g) : [0, 0];
    let elevation = elevationDeg;
    if (band === 'dock') setDockTopDeg(height > 0 ? highestPointDeg(elevationDeg, width, height, distance) : null);
    else if (band === 'panel') elevation = elevationClearOfDock(elevationDeg, height, distance, dockTopDeg());
    const pose = poseAt(p.anchor, p.state.yaw, distance, elevation);
    g.position.set(...pose.position);
    g.rotation.set(pose.pitch, pose.yaw, 0, 'YXZ');
    if (p.frames > SETTLE_FRAMES) g.visible = true;
  });

  useEffect(() => () => {
    if (band === 'dock') setDockTopDeg(null);
  }, [band]);

  return (
    <group ref={group} visible={false} name={name}>
      {children}
    </group>
  );
}

/** A uikit root's laid-out size (layout pixels) and pixel size; plain three.js objects have neither. */
type UikitRoot = Object3D & { size?: { value?: [number, number] }; properties?: { value?: { pixelSize?: unknown } } };

/** Width and height in metres of the first uikit root among the group's children (0 before its first layout). */
function contentSize(group: Group): [number, number] {
  for (const child of group.children as UikitRoot[]) {
    const size = child.size?.value;
    if (!size) continue;
    const pixelSize = child.properties?.value?.pixelSize;
    const metres = typeof pixelSize === 'number' ? pixelSize : 0.001;
    return [size[0] * metres, size[1] * metres];
  }
  return [0, 0];
}
