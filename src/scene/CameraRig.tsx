import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { type PerspectiveCamera, Quaternion, Vector3 } from 'three';
import { DEFAULT_ROTATION_ANGLE } from '../protocol/constants.ts';
import { subscribe } from '../state/store.ts';
import { type RotateSpeed, rotationDegreesPerSecond, shouldAutoRotate, AUTOROTATE_IDLE_MS } from './controls/autorotate.ts';
import { startGyro } from './controls/gyro.ts';
import { ViewController } from './controls/ViewController.ts';
import { DEG_TO_RAD, directionToAthAtv, normalizeAngle } from './math/angles.ts';
import { verticalFov } from './math/fov.ts';
import { cameraActivity, cameraState, noteInteraction, rotateBy } from './state/cameraStore.ts';

export interface CameraRigProps {
  panoramaId: string | null;
  autorotate: boolean;
  rotateSpeed: RotateSpeed;
  autopilot: boolean;
  autopilotAngle: number;
  gyro: boolean;
  suspendRotation: boolean;
  onStep: (step: 1 | -1) => void;
  onAutopilot: () => void;
}

const Y_AXIS = new Vector3(0, 1, 0);

/**
 * Owns the flat-screen camera: input (ViewController), gyro, auto-rotation/autopilot, and applying
 * cameraState (yaw, pitch, long-side fov) to three's camera. Idle in XR, where the headset drives the camera.
 */
export function CameraRig(props: CameraRigProps) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const latest = useRef(props);
  latest.current = props;
  const gyro = useRef<{ q: Quaternion | null; offset: number }>({ q: null, offset: 0 });
  const rotated = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tmp = useMemo(() => ({ q: new Quaternion(), yawQ: new Quaternion(), fwd: new Vector3() }), []);

  const controller = useMemo(() => new ViewController({
    viewportHeight: () => gl.domElement.clientHeight,
    verticalFov: () => camera.fov,
    onStep: (step) => latest.current.onStep(step),
    requestFrame: () => invalidate(),
    onGyroYawDrag: (deltaYaw) => {
      gyro.current.offset = normalizeAngle(gyro.current.offset + deltaYaw);
    },
  }), [gl, camera, invalidate]);

  useEffect(() => {
    return controller.attach(gl.domElement);
  }, [controller, gl]);
  // Any write to the view (overlay buttons, meeting sync, keyboard) must produce a frame: the canvas renders on demand.
  useEffect(() => {
    return subscribe(cameraState, () => invalidate());
  }, [invalidate]);
  useEffect(() => {
    noteInteraction(); // auto-rotation starts after the idle delay, counted from now
    return () => {
      if (idleTimer.current) clearTimeout(idleTimer.current);
    };
  }, []);
  useEffect(() => {
    rotated.current = 0;
  }, [props.panoramaId]);

  useEffect(() => {
    if (!props.gyro) return;
    cameraState.gyroActive = true;
    controller.stop();
    let first = true;
    const stop = startGyro((q) => {
      if (first) {
        // keep looking where we looked: offset = current yaw - device yaw
        const f = tmp.fwd.set(0, 0, -1).applyQuaternion(q);
        gyro.current.offset = normalizeAngle(cameraState.yaw - directionToAthAtv([f.x, f.y, f.z]).ath);
        first = false;
      }
      gyro.current.q = (gyro.current.q ?? new Quaternion()).copy(q);
      invalidate();
    });
    return () => {
      stop();
      gyro.current.q = null;
      cameraState.gyroActive = false;
    };
  }, [props.gyro, controller, invalidate, tmp]);

  useFrame((_state, delta) => {
    if (gl.xr.isPresenting) return;
    const p = latest.current;
    let animating = controller.step(delta);
    const now = performance.now();
    const idleMs = now - cameraActivity.lastInteractionAt;
    const gate = { enabled: p.autorotate || p.autopilot, gyro: cameraState.gyroActive, xr: cameraState.xrActive, suspended: p.suspendRotation, interacting: controller.interacting, idleMs };
    const rotate = shouldAutoRotate(gate);
    if (rotate !== cameraState.autorotating) cameraState.autorotating = rotate;
    if (rotate) {
      const step = rotationDegreesPerSecond(p.rotateSpeed) * Math.min(delta, 0.1);
      rotateBy(step, 0);
      rotated.current += step;
      if (p.autopilot && rotated.current >= (p.autopilotAngle > 0 ? p.autopilotAngle : DEFAULT_ROTATION_ANGLE)) {
        rotated.current = 0;
        p.onAutopilot();
      }
      animating = true;
    } else if (gate.enabled && !idleTimer.current && idleMs < AUTOROTATE_IDLE_MS) {
      // on-demand rendering: nothing would wake us up when the idle delay ends
      idleTimer.current = setTimeout(() => {
        idleTimer.current = null;
        invalidate();
      }, AUTOROTATE_IDLE_MS - idleMs + 20);
    }

    const vfov = verticalFov(cameraState.fov, gl.domElement.clientWidth / Math.max(1, gl.domElement.clientHeight));
    if (Math.abs(camera.fov - vfov) > 1e-6) {
      camera.fov = vfov;
      camera.updateProjectionMatrix();
    }
    const g = gyro.current;
    if (cameraState.gyroActive && g.q) {
      tmp.yawQ.setFromAxisAngle(Y_AXIS, -g.offset * DEG_TO_RAD);
      camera.quaternion.copy(tmp.yawQ).multiply(g.q);
      const f = tmp.fwd.set(0, 0, -1).applyQuaternion(camera.quaternion);
      const { ath, atv } = directionToAthAtv([f.x, f.y, f.z]);
      if (Math.abs(ath - cameraState.yaw) > 0.05 || Math.abs(-atv - cameraState.pitch) > 0.05) Object.assign(cameraState, { yaw: ath, pitch: -atv });
    } else {
      camera.rotation.set(cameraState.pitch * DEG_TO_RAD, -cameraState.yaw * DEG_TO_RAD, 0, 'YXZ');
    }
    camera.updateMatrixWorld();
    if (animating) invalidate();
  }, -50);

  return null;
}
