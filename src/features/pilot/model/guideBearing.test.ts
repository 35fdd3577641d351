import { describe, expect, it } from 'vitest';
import { guideBearing } from './guideBearing.ts';

const texts = { left: (d: number) => `${d} left`, right: (d: number) => `${d} right`, ahead: 'ahead' };

describe('the VR guide arrow', () => {
  it('says ahead within 15 degrees, else which way and how far, the short way round across -180/180', () => {
    expect(guideBearing(10, 0, texts)).toBe('↑ ahead');
    expect(guideBearing(-60, 0, texts)).toBe('← 60 left');
    expect(guideBearing(90, 0, texts)).toBe('→ 90 right');
    expect(guideBearing(-170, 170, texts)).toBe('→ 20 right');
    expect(guideBearing(170, -170, texts)).toBe('← 20 left');
  });
});
