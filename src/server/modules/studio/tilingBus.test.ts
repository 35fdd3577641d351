import { describe, expect, it } from 'vitest';
import type { StudioPanorama } from '../../../protocol/studio.ts';
import { failTilingJob } from './panoramaTiling.ts';
import { LocalTilingBus, RowAwareTilingBus } from './tilingBus.ts';
import { progressTracker } from './tilingProgress.ts';

const pano = (objectId: string, status: StudioPanorama['status'], progress = 0): StudioPanorama => ({
  objectId, index: 0, name: objectId, category: 'others', customCategory: null, status, progress, error: null, fileName: `${objectId}.jpg`,
  thumbnail: null, previewUrl: null, desktopUrl: null, position: null, initialView: null,
});

describe('tiling bus', () => {
  it('keeps tiling and failed panoramas per tour, tells watchers, forgets ready ones', async () => {
    const bus = new LocalTilingBus();
    const seen: string[] = [];
    const stop = bus.subscribe('t1', (p) => seen.push(`${p.objectId}:${p.status}`));
    await bus.publish('t1', pano('a', 'tiling'));
    await bus.publish('t2', pano('x', 'tiling'));
    await bus.publish('t1', pano('b', 'tiling'));
    expect((await bus.pendingOf('t1')).map((p) => p.objectId)).toEqual(['a', 'b']);
    await bus.publish('t1', pano('a', 'ready', 1));
    await bus.publish('t1', pano('b', 'failed'));
    expect((await bus.pendingOf('t1')).map((p) => p.status)).toEqual(['failed']);
    expect(await bus.dismiss('t1', 'b')).toBe(true);
    expect(await bus.pendingOf('t1')).toEqual([]);
    expect(await bus.dismiss('t2', 'x')).toBe(false);
    stop();
    await bus.publish('t1', pano('c', 'tiling'));
    expect(seen).toEqual(['a:tiling', 'b:tiling', 'a:ready', 'b:failed']);
  });
});

describe('tiling progress', () => {
  it('turns overlapping stages into one fraction that never goes back and stops short of 1', () => {
    const track = progressTracker();
    const values = [
      track({ stage: 'validate', done: 1, total: 1 }),
      track({ stage: 'decode', done: 1, total: 1 }),
      track({ stage: 'tiles', done: 10, total: 100 }),
      track({ stage: 'reproject', done: 6, total: 6 }),
      track({ stage: 'tiles', done: 100, total: 100 }),
      track({ stage: 'images', done: 2, total: 4 }),
      track({ stage: 'publish', done: 1, total: 1 }),
    ];
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)).toBeLessThan(1);
    expect(values.at(-1)).toBeGreaterThan(0.95);
  });
});

describe('a panorama that has its row', () => {
  it('is never pending: the studio\'s reads drop its entry, and a job given up after it was written does not fail it', async () => {
    const local = new LocalTilingBus();
    const rows = new Set(['done']);
    const bus = new RowAwareTilingBus(local, async (ids) => new Set(ids.filter((id) => rows.has(id))));
    // Its row was written but the "ready" announcement was lost (a Redis blip): the entry still says tiling.
    await bus.publish('t1', pano('done', 'tiling', 0.9));
    await bus.publish('t1', pano('busy', 'tiling', 0.2));
    expect((await bus.pendingOf('t1')).map((p) => p.objectId)).toEqual(['busy']);
    expect(await bus.findPending('t1', 'done')).toBeUndefined();
    expect((await local.pendingOf('t1')).map((p) => p.objectId)).toEqual(['busy']);

    const heard: string[] = [];
    bus.subscribe('t1', (p) => heard.push(`${p.objectId}:${p.status}`));
    let swept = 0;
    const repos = { panoramas: { findById: async (id: string) => (rows.has(id) ? { id } : undefined) } } as never;
    const job = { buildingId: 't1', headquarterId: 'hq', pending: pano('done', 'tiling'), sourceRel: 'panoramas/done/raw-v.jpg', version: 'v' };
    await failTilingJob({ bus, repos, sweep: async () => { swept++; } }, job, new Error('gave up'));
    expect(heard).toEqual([]);
    expect(swept).toBe(0);
  });
});
