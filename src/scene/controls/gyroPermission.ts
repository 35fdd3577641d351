// Free of three.js: the gyro button in the viewer's entry chunk asks before the scene chunk has loaded.

export type GyroPermission = 'granted' | 'denied' | 'unsupported';

/**
 * iOS 13+ only delivers device orientation after DeviceOrientationEvent.requestPermission(), which must be
 * called from a user gesture (a click handler of the gyro button). Elsewhere permission is implicit
 * (HTTPS still required). Call this from the DOM button before turning the gyro option on.
 */
export async function requestGyroPermission(): Promise<GyroPermission> {
  if (typeof window === 'undefined' || !('DeviceOrientationEvent' in window)) return 'unsupported';
  const ctor = window.DeviceOrientationEvent as unknown as { requestPermission?: () => Promise<string> };
  if (typeof ctor.requestPermission !== 'function') return 'granted';
  try {
    return (await ctor.requestPermission()) === 'granted' ? 'granted' : 'denied';
  } catch {
    return 'denied'; // thrown when not called from a user gesture
  }
}
