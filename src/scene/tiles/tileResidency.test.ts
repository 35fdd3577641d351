import { describe, expect, it } from 'vitest';
import { TileResidency } from './tileResidency.ts';

function residency(budgetBytes: number) {
  const released: string[] = [];
  const r = new TileResidency<string>({ budgetBytes, release: (k) => released.push(k) });
  return { r, released };
}

describe('TileResidency', () => {
  it('keeps everything while within the budget', () => {
    const { r, released } = residency(1000);
    r.add('1/a', 'A', 400, 0);
    r.add('1/b', 'B', 400, 0);
    expect(r.sweep(10_000)).toEqual([]);
    expect(released).toEqual([]);
    expect(r.bytes).toBe(800);
  });

  it('releases the least recently used textures not in use until within the budget', () => {
    const { r, released } = residency(1000);
    r.add('1/a', 'A', 400, 0);
    r.add('1/b', 'B', 400, 10);
    r.add('1/c', 'C', 400, 20);
    r.touch(['1/a'], 50); // a was seen again: b is now the oldest
    expect(r.sweep(50)).toEqual(['1/b']);
    expect(released).toEqual(['1/b']);
    expect(r.bytes).toBe(800);
    expect(r.has('1/b')).toBe(false);
    expect(r.releasedCount).toBe(1);
  });

  it('never releases what is in use at the sweep, even over the budget', () => {
    const { r } = residency(100);
    r.add('1/a', 'A', 400, 0);
    r.add('1/b', 'B', 400, 500); // uploaded this frame
    r.touch(['1/a'], 500);
    expect(r.sweep(500)).toEqual([]);
    expect(r.size).toBe(2);
    expect(r.sweep(501)).toEqual(['1/a', '1/b']);
  });

  it('with an infinite budget (release off) never releases', () => {
    const { r } = residency(Infinity);
    for (let i = 0; i < 100; i++) r.add(`1/${i}`, 'x', 1e9, i);
    expect(r.sweep(1e6)).toEqual([]);
    expect(r.size).toBe(100);
  });

  it('follows a budget changed on the fly (entering VR)', () => {
    const { r } = residency(1000);
    r.add('1/a', 'A', 400, 0);
    r.add('1/b', 'B', 400, 1);
    r.budgetBytes = 500;
    expect(r.sweep(10)).toEqual(['1/a']);
  });

  it('clears one layer by its prefix without counting it as released under the budget', () => {
    const { r, released } = residency(10_000);
    r.add('1/a', 'A', 1, 0);
    r.add('1/first-view', 'F', 2, 0);
    r.add('2/a', 'B', 4, 0);
    expect(r.usage('1/')).toEqual({ bytes: 3, count: 2 });
    r.clear('1/');
    expect(released.sort()).toEqual(['1/a', '1/first-view']);
    expect(r.bytes).toBe(4);
    expect(r.releasedCount).toBe(0);
    r.clear();
    expect(r.size).toBe(0);
  });
});
