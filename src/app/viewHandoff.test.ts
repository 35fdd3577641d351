import { describe, expect, it } from 'vitest';
import { clearHandedOffPanorama, handedOffMarker, handedOffPanorama, handOffPanorama } from './viewHandoff.ts';

describe('panorama handoff between tours', () => {
  it('is read by the tour it was meant for until that tour clears it', () => {
    handOffPanorama('t2', 'p5');
    expect(handedOffPanorama('t1')).toBeNull();
    expect(handedOffPanorama('t2')).toBe('p5');
    expect(handedOffPanorama('t2')).toBe('p5');
    clearHandedOffPanorama('t1');
    expect(handedOffPanorama('t2')).toBe('p5');
    clearHandedOffPanorama('t2');
    expect(handedOffPanorama('t2')).toBeNull();
  });

  it('keeps only the latest choice', () => {
    handOffPanorama('t1', 'a');
    handOffPanorama('t2', 'b');
    expect(handedOffPanorama('t1')).toBeNull();
    expect(handedOffPanorama('t2')).toBe('b');
  });

  it('carries the chosen marker to the same tour only, and no marker when none was named', () => {
    handOffPanorama('t2', 'p5', 'm9');
    expect(handedOffMarker('t1')).toBeNull();
    expect(handedOffMarker('t2')).toBe('m9');
    handOffPanorama('t2', 'p6');
    expect(handedOffMarker('t2')).toBeNull();
    handOffPanorama('t2', 'p5', 'm9');
    clearHandedOffPanorama('t2');
    expect(handedOffMarker('t2')).toBeNull();
  });
});
