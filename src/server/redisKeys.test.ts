import { describe, expect, it } from 'vitest';
import { redisKeys } from './redisKeys.ts';

describe('redisKeys', () => {
  it('keeps, by default, exactly the names earlier versions used (an upgrade keeps counters, presence and queued jobs)', () => {
    expect(redisKeys()).toEqual({
      rateLimits: 'atrium:rate-limit:', attempts: 'atrium:attempts:', lounge: 'atrium:lounge:',
      socketIo: 'socket.io', tileJobs: 'bull', tilingBus: 'atrium-tiling',
    });
    expect(redisKeys('atrium', 'tours-eu')).toMatchObject({ tileJobs: 'bull', tilingBus: 'tours-eu' });
  });

  it('puts every key and channel of another installation under its own prefix, the tile queue inside it', () => {
    const keys = redisKeys('site-b', 'atrium-tiling');
    expect(keys).toEqual({
      rateLimits: 'site-b:rate-limit:', attempts: 'site-b:attempts:', lounge: 'site-b:lounge:',
      socketIo: 'site-b:socket.io', tileJobs: 'site-b:bull', tilingBus: 'site-b:atrium-tiling',
    });
    const defaults = Object.values(redisKeys());
    for (const name of Object.values(keys)) {
      expect(name.startsWith('site-b:'), name).toBe(true);
      expect(defaults.some((d) => name.startsWith(d) || d.startsWith(name)), name).toBe(false);
    }
  });
});
