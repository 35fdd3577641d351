import { describe, expect, it } from 'vitest';
import { startViewFromCamera } from './StartViewButton.tsx';

describe('startViewFromCamera', () => {
  it('keeps the camera as ath/atv (pitch up-positive is atv down-positive) with one decimal', () => {
    expect(startViewFromCamera({ yaw: 12.345, pitch: 10.02, fov: 95.55 })).toEqual({ ath: 12.3, atv: -10, fov: 95.6 });
  });
  it('folds any number of turns into -180..180', () => {
    expect(startViewFromCamera({ yaw: 725, pitch: 0, fov: 100 }).ath).toBe(5);
    expect(startViewFromCamera({ yaw: -190, pitch: 0, fov: 100 }).ath).toBe(170);
  });
});
