import { describe, expect, it } from 'vitest';
import { minutesAndSeconds, niceMax, ticks } from './chartScale.ts';

describe('chart arithmetic', () => {
  it('rounds the axis top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(201)).toBe(500);
  });
  it('spaces whole-number ticks evenly from zero', () => {
    expect(ticks(1)).toEqual([0, 1]);
    expect(ticks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ticks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ticks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(ticks(500)).toEqual([0, 100, 200, 300, 400, 500]);
  });
  it('splits seconds into minutes and seconds', () => {
    expect(minutesAndSeconds(125.4)).toEqual({ minutes: 2, seconds: 5 });
    expect(minutesAndSeconds(-3)).toEqual({ minutes: 0, seconds: 0 });
  });
});
