import { describe, expect, it } from 'vitest';
import { arrowFor, athAtv, buildTourDescription, doorwayAnchor } from './buildTour.ts';
import { OPENINGS } from './scenes/housePlan.ts';

describe('athAtv', () => {
  const eye = [0, 1.5, 0] as const;
  it('looks north (-z) at ath 0 and turns right towards +x', () => {
    expect(athAtv(eye, [0, 1.5, -3])).toEqual({ ath: 0, atv: 0 });
    expect(athAtv(eye, [3, 1.5, 0])).toEqual({ ath: 90, atv: 0 });
    expect(athAtv(eye, [-3, 1.5, 0])).toEqual({ ath: -90, atv: 0 });
    expect(Math.abs(athAtv(eye, [0, 1.5, 3]).ath)).toBe(180);
  });

  it('gives positive atv below the horizon', () => {
    expect(athAtv(eye, [0, 0, -1.5]).atv).toBe(45);
    expect(athAtv(eye, [0, 3, -1.5]).atv).toBe(-45);
  });
});

describe('teleport placement', () => {
  it('sits in the doorway on the camera side, low down', () => {
    const front = OPENINGS.find((o) => o.kind === 'door' && o.sides.includes(null))!;
    const [x, y, z] = doorwayAnchor(front, [6.1, 1.55, 13.8]);
    expect(x).toBeCloseTo((front.a0 + front.a1) / 2);
    expect(y).toBeLessThan(1);
    expect(z).toBeGreaterThan(front.at);
  });

  it('picks the arrow from the angle to the opening view', () => {
    expect(arrowFor(10, 0)).toBe('frontArrow');
    expect(arrowFor(50, 0)).toBe('rightFrontArrow');
    expect(arrowFor(-50, 0)).toBe('leftFrontArrow');
    expect(arrowFor(170, 0)).toBe('rightArrow');
    expect(arrowFor(-170, 20)).toBe('rightArrow');
  });

  it('links the rooms as the floor plan does', () => {
    const tour = buildTourDescription();
    const targets = Object.fromEntries(tour.panoramas.map((p) => [p.id, (p.markers ?? []).filter((m) => m.target).map((m) => m.target).sort()]));
    expect(targets).toEqual({
      garden: ['living-room'],
      'living-room': ['bedroom', 'garden', 'kitchen', 'study'],
      kitchen: ['bathroom', 'living-room'],
      bedroom: ['living-room'],
      study: ['living-room'],
      bathroom: ['kitchen'],
    });
  });
});
