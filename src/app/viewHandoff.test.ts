import { describe, expect, it } from 'vitest';
import { handedOffPanorama, handOffView, takeHandedOffView } from './viewHandoff.ts';

describe('view handoff', () => {
  it('gives the view to the panorama it was meant for, once', () => {
    handOffView({ tourId: 't2', panoramaId: 'p5', position: { ath: 40, atv: -10 } });
    expect(handedOffPanorama('t1')).toBeNull();
    expect(handedOffPanorama('t2')).toBe('p5');
    expect(takeHandedOffView('t2', 'p4')).toBeNull();
    expect(takeHandedOffView('t2', 'p5')).toEqual({ ath: 40, atv: -10 });
    expect(takeHandedOffView('t2', 'p5')).toBeNull();
    expect(handedOffPanorama('t2')).toBeNull();
  });

  it('keeps only the latest choice', () => {
    handOffView({ tourId: 't1', panoramaId: 'a', position: { ath: 1, atv: 1 } });
    handOffView({ tourId: 't1', panoramaId: 'b', position: { ath: 2, atv: 2 } });
    expect(takeHandedOffView('t1', 'a')).toBeNull();
    expect(takeHandedOffView('t1', 'b')).toEqual({ ath: 2, atv: 2 });
  });
});
