import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { directionToAthAtv } from '../math/angles.ts';
import { deviceQuaternion } from './gyro.ts';

function look(alpha: number, beta: number, gamma: number, screen = 0) {
  const q = deviceQuaternion(alpha, beta, gamma, screen, new Quaternion());
  const f = new Vector3(0, 0, -1).applyQuaternion(q);
  return directionToAthAtv([f.x, f.y, f.z]);
}

describe('deviceQuaternion', () => {
  it('looks ahead when the phone is held upright', () => {
    const v = look(0, 90, 0);
    expect(v.ath).toBeCloseTo(0, 6);
    expect(v.atv).toBeCloseTo(0, 6);
  });
  it('looks down at the floor when the phone lies flat', () => {
    expect(look(0, 0, 0).atv).toBeCloseTo(90, 6);
  });
  it('turns left when the phone turns counter-clockwise (alpha grows)', () => {
    expect(look(90, 90, 0).ath).toBeCloseTo(-90, 6);
  });
  it('compensates a landscape screen', () => {
    // rotated 90deg to landscape and tilted up by gamma -90: still looking ahead
    const v = look(0, 0, -90, 90);
    expect(v.atv).toBeCloseTo(0, 6);
  });
});
