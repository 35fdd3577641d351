import { afterEach, describe, expect, it, vi } from 'vitest';

// The XR chunk must load only where immersive VR is possible; a stand-in module counts the loads.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./XRLayer.tsx', () => {
  loads.count += 1;
  return { XRLayer: () => null, enterVR: vi.fn(async () => true), exitVR: vi.fn(async () => undefined) };
});

const withXR = (isSessionSupported: () => Promise<boolean>) => vi.stubGlobal('navigator', { xr: { isSessionSupported } });

describe('xrLoader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    loads.count = 0;
  });

  it('reports no VR and loads nothing without navigator.xr, when unsupported, or when the check throws', async () => {
    const { isVRSupported, exitVR } = await import('./xrLoader.ts');
    vi.stubGlobal('navigator', {});
    expect(await isVRSupported()).toBe(false);
    withXR(async () => false);
    expect(await isVRSupported()).toBe(false);
    withXR(async () => {
      throw new Error('SecurityError');
    });
    expect(await isVRSupported()).toBe(false);
    await exitVR(); // nothing loaded: a no-op, not a load
    expect(loads.count).toBe(0);
  });

  it('loads the XR chunk once VR is supported, before answering, and enterVR uses it', async () => {
    const { isVRSupported, enterVR } = await import('./xrLoader.ts');
    withXR(async () => true);
    expect(await isVRSupported()).toBe(true);
    expect(loads.count).toBe(1);
    expect(await isVRSupported()).toBe(true);
    expect(await enterVR()).toBe(true);
    expect(loads.count).toBe(1);
    const layer = await import('./XRLayer.tsx');
    expect(layer.enterVR).toHaveBeenCalledTimes(1);
  });
});
