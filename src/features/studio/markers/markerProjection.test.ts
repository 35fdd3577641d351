import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { athAtvToDirection } from '../../../scene/index.ts';
import { athAtvToScreen, nudge, screenToAthAtv } from './markerProjection.ts';

const viewport = { width: 1200, height: 600 };

describe('marker editor projection', () => {
  it('maps the centre of the view to where the camera looks', () => {
    expect(screenToAthAtv({ x: 600, y: 300 }, { yaw: 30, pitch: 10, fov: 90 }, viewport)).toEqual({ ath: 30, atv: -10 });
    expect(screenToAthAtv({ x: 600, y: 300 }, { yaw: -170, pitch: 0, fov: 120 }, viewport)).toEqual({ ath: -170, atv: 0 });
  });

  it('puts the right edge of a landscape view half the long-side fov to the right', () => {
    // fov is measured across the longer (horizontal) side: the right edge at pitch 0 is fov/2 to the right.
    expect(screenToAthAtv({ x: 1200, y: 300 }, { yaw: 0, pitch: 0, fov: 90 }, viewport)).toEqual({ ath: 45, atv: 0 });
    // atv is down-positive: a click below the centre is below the horizon.
    expect(screenToAthAtv({ x: 600, y: 600 }, { yaw: 0, pitch: 0, fov: 90 }, viewport).atv).toBeGreaterThan(0);
  });

  it('round-trips every point of the view, in any direction the camera looks', () => {
    for (const view of [{ yaw: 0, pitch: 0, fov: 120 }, { yaw: 135, pitch: -40, fov: 70 }, { yaw: -90, pitch: 60, fov: 30 }]) {
      for (const point of [{ x: 10, y: 10 }, { x: 900, y: 150 }, { x: 300, y: 590 }, { x: 600, y: 300 }]) {
        const position = screenToAthAtv(point, view, viewport);
        const back = athAtvToScreen(position, view, viewport)!;
        expect(back.x).toBeCloseTo(point.x, -0.5);
        expect(back.y).toBeCloseTo(point.y, -0.5);
      }
    }
  });

  it('hides positions behind the viewer', () => {
    expect(athAtvToScreen({ ath: 180, atv: 0 }, { yaw: 0, pitch: 0, fov: 90 }, viewport)).toBeNull();
    expect(athAtvToScreen({ ath: 0, atv: 0 }, { yaw: 0, pitch: 0, fov: 90 }, viewport)).toEqual({ x: 600, y: 300 });
  });

  it('nudges by half degrees, wrapping ath and stopping atv at the poles', () => {
    expect(nudge({ ath: 179.8, atv: 0 }, 0.5, 0)).toEqual({ ath: -179.7, atv: 0 });
    expect(nudge({ ath: 0, atv: 89.8 }, 0, 0.5)).toEqual({ ath: 0, atv: 90 });
    expect(nudge({ ath: -10, atv: 5 }, -0.5, -0.5)).toEqual({ ath: -10.5, atv: 4.5 });
  });
});

describe('the projection agrees with the scene camera', () => {
  it('lands where three.js draws the same position with the CameraRig rotation', () => {
    const view = { yaw: 40, pitch: -25, fov: 100 };
    const camera = new PerspectiveCamera(0, viewport.width / viewport.height, 0.05, 1000);
    // CameraRig: vertical fov from the long-side fov, rotation (pitch, -yaw, 0, 'YXZ').
    camera.fov = (2 * Math.atan(Math.tan((view.fov * Math.PI) / 360) / (viewport.width / viewport.height)) * 180) / Math.PI;
    camera.updateProjectionMatrix();
    camera.rotation.set((view.pitch * Math.PI) / 180, (-view.yaw * Math.PI) / 180, 0, 'YXZ');
    camera.updateMatrixWorld();
    for (const position of [{ ath: 40, atv: 25 }, { ath: 70, atv: 10 }, { ath: 15, atv: 50 }]) {
      const ndc = new Vector3(...athAtvToDirection(position.ath, position.atv)).multiplyScalar(90).project(camera);
      const expected = { x: ((ndc.x + 1) / 2) * viewport.width, y: ((1 - ndc.y) / 2) * viewport.height };
      const actual = athAtvToScreen(position, view, viewport)!;
      expect(actual.x).toBeCloseTo(expected.x, 3);
      expect(actual.y).toBeCloseTo(expected.y, 3);
    }
  });
});
