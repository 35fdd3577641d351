import { useFrame } from '@react-three/fiber';
import { useXR } from '@react-three/xr';
import { type RefObject, useEffect, useMemo } from 'react';
import { type Group, Quaternion, Vector3 } from 'three';
import { DEG_TO_RAD, directionToAthAtv, RAD_TO_DEG } from '../math/angles.ts';
import { cameraState, noteInteraction } from '../state/cameraStore.ts';

/**
 * In an immersive session: keeps the panorama centred on the head (the cube and markers follow the head
 * position, so walking never reveals the cube's faces), turns the content so the visitor first faces what
 * they were looking at on the flat screen, and mirrors the head direction into cameraState (compass,
 * meeting sync). Auto-rotation stops because cameraState.xrActive gates it; leaving restores everything.
 */
export function XRViewSync({ root }: { root: RefObject<Group | null> }) {
  const session = useXR((s) => s.session);
  const tmp = useMemo(() => ({ pos: new Vector3(), q: new Quaternion(), rootQ: new Quaternion(), fwd: new Vector3(), up: new Vector3(), ref: new Vector3(), cross: new Vector3() }), []);

  useEffect(() => {
    const group = root.current;
    if (!session || !group) return;
    cameraState.xrActive = true;
    group.rotation.set(0, cameraState.yaw * DEG_TO_RAD, 0);
    return () => {
      cameraState.xrActive = false;
      cameraState.roll = 0;
      group.position.set(0, 0, 0);
      group.rotation.set(0, 0, 0);
      noteInteraction(); // auto-rotation resumes after the usual idle delay, not the instant the headset is off
    };
  }, [session, root]);

  useFrame((state) => {
    const group = root.current;
    if (!session || !group) return;
    state.camera.getWorldPosition(tmp.pos);
    group.position.copy(tmp.pos);
    // head direction in the panorama's own frame -> yaw/pitch
    state.camera.getWorldQuaternion(tmp.q);
    group.getWorldQuaternion(tmp.rootQ);
    tmp.fwd.set(0, 0, -1).applyQuaternion(tmp.rootQ.invert().multiply(tmp.q));
    const { ath, atv } = directionToAthAtv([tmp.fwd.x, tmp.fwd.y, tmp.fwd.z]);
    // Roll: the head's up against the vertical plane through the view ray (right-positive).
    tmp.up.set(0, 1, 0).applyQuaternion(tmp.rootQ);
    tmp.ref.set(0, 1, 0).addScaledVector(tmp.fwd, -tmp.fwd.y).normalize();
    const roll = Math.round(Math.atan2(tmp.fwd.dot(tmp.cross.crossVectors(tmp.ref, tmp.up)), tmp.ref.dot(tmp.up)) * RAD_TO_DEG);
    if (Number.isFinite(roll) && Math.abs(roll - cameraState.roll) >= 1) cameraState.roll = roll;
    if (Math.abs(ath - cameraState.yaw) > 0.5 || Math.abs(-atv - cameraState.pitch) > 0.5) {
      cameraState.yaw = ath;
      cameraState.pitch = -atv;
    }
  }, -60);

  return null;
}
