import type { BrowserContextOptions, CDPSession } from 'playwright-core';

/** A device and the link it is on. */
export interface Profile {
  name: string;
  label: string;
  context: BrowserContextOptions;
  /** Round-trip time added to every request, ms. */
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
  /** Chromium's CPU slowdown factor (1 = none). */
  cpuSlowdown: number;
  /** The targets are stated for this profile. */
  checksTargets: boolean;
}

export const PROFILES: Record<string, Profile> = {
  phone: {
    name: 'phone',
    label: 'phone: 390x844 @2x, 9 Mbit/s down, 2 Mbit/s up, 150 ms RTT, 4x CPU slowdown',
    // dpr 2, not a flagship's 3: SwiftShader renders on the CPU and 3x would mostly measure it.
    context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    latencyMs: 150,
    downloadBitsPerSecond: 9e6,
    uploadBitsPerSecond: 2e6,
    cpuSlowdown: 4,
    checksTargets: true,
  },
  desktop: {
    name: 'desktop',
    label: 'desktop: 1280x720 @1x, 40 Mbit/s down, 10 Mbit/s up, 40 ms RTT, no CPU slowdown',
    context: { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 },
    latencyMs: 40,
    downloadBitsPerSecond: 40e6,
    uploadBitsPerSecond: 10e6,
    cpuSlowdown: 1,
    checksTargets: false,
  },
};

/**
 * Applies the link and CPU of a profile through the page's DevTools session, and turns the cache off so every
 * load is cold. Chromium applies the page's network conditions to its dedicated workers' requests as well
 * (Atrium fetches tiles in workers; their timings in the request list show the added latency).
 */
export async function applyProfile(cdp: CDPSession, profile: Profile): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBitsPerSecond / 8,
    uploadThroughput: profile.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}
