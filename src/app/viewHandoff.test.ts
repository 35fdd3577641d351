import { describe, expect, it } from 'vitest';
import { clearHandedOffPanorama, handedOffPanorama, handOffPanorama } from './viewHandoff.ts';

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
});
