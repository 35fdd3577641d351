import { describe, expect, it } from 'vitest';
import type { Tour } from '../../../protocol/tour.ts';
import { TourAnswerCache, type TourStamp } from './tourAnswerCache.ts';

const stamp = (tourId: string, version: number, pass: string | null = null): TourStamp => ({ tourId, version, createdAt: '2026-01-01', pass });
const tour = (name: string) => ({ name, panoramas: [] }) as unknown as Tour;

describe('TourAnswerCache', () => {
  it('serves an entry only to the same stamp (version, creation, pass), and keeps the latest made per tour', async () => {
    const cache = new TourAnswerCache();
    let made = 0;
    const make = (name: string) => async () => (made++, tour(name));
    const a = await cache.get(stamp('t', 1), make('one'));
    expect((await cache.get(stamp('t', 1), make('other'))).tour.name).toBe('one');
    expect(made).toBe(1);
    expect((await cache.get(stamp('t', 2), make('two'))).tour.name).toBe('two');
    expect((await cache.get(stamp('t', 2, 'pass'), make('passed'))).tour.name).toBe('passed');
    expect((await cache.get({ ...stamp('t', 2, 'pass'), createdAt: 'again' }, make('remade'))).tour.name).toBe('remade');
    expect(made).toBe(4);
    expect(cache.size).toBe(1);
    // Frozen: a caller cannot change what the next requester gets.
    expect(Object.isFrozen(a.tour)).toBe(true);
    expect(JSON.parse(a.answer.json)).toEqual({ name: 'one', panoramas: [] });
  });

  it('makes one assembly for concurrent misses of one stamp, and drops the least recently used beyond its capacity', async () => {
    const cache = new TourAnswerCache(2);
    let made = 0;
    const make = async () => (made++, tour('x'));
    await Promise.all([cache.get(stamp('a', 1), make), cache.get(stamp('a', 1), make), cache.get(stamp('a', 1), make)]);
    expect(made).toBe(1);
    await cache.get(stamp('b', 1), make);
    await cache.get(stamp('a', 1), make); // a used last
    await cache.get(stamp('c', 1), make); // b goes
    expect(made).toBe(3);
    await cache.get(stamp('a', 1), make);
    expect(made).toBe(3);
    await cache.get(stamp('b', 1), make);
    expect(made).toBe(4);
  });

  it('keeps no failed assembly', async () => {
    const cache = new TourAnswerCache();
    await expect(cache.get(stamp('t', 1), () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get(stamp('t', 1), async () => tour('ok'))).tour.name).toBe('ok');
  });
});
