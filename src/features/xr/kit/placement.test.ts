import { describe, expect, it } from 'vitest';
import { angleOfSize, fontPx, sizeForAngle, TEXT_DEG } from './angularSize.ts';
import { besideOffset, followAnchor, followStep, halfWidthDeg, headingOf, PANEL_FOLLOW, poseAt, turnBetween } from './placement.ts';

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
