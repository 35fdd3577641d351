import { describe, expect, it } from 'vitest';
import { createClickDeduper } from './clickDedupe.ts';

describe('click de-duplication (repeats within 1 s are ignored)', () => {
  it('counts the first click, ignores repeats inside the second, counts again after it', () => {
    let now = 10_000;
    const shouldCount = createClickDeduper(() => now);
    expect(shouldCount('marker', 'm1')).toBe(true);
    now += 400;
    expect(shouldCount('marker', 'm1')).toBe(false);
    now += 599;
    expect(shouldCount('marker', 'm1')).toBe(false);
    now += 1;
    expect(shouldCount('marker', 'm1')).toBe(true);
  });

  it('keeps each marker and identifier apart', () => {
    const shouldCount = createClickDeduper(() => 0);
    expect(shouldCount('marker', 'm1')).toBe(true);
    expect(shouldCount('marker', 'm2')).toBe(true);
    expect(shouldCount('share', 'm1')).toBe(true);
    expect(shouldCount('marker', 'm1')).toBe(false);
  });

  it('does not let ignored repeats stretch the window', () => {
    let now = 0;
    const shouldCount = createClickDeduper(() => now);
    const counted = [];
    for (; now <= 2_000; now += 250) counted.push(shouldCount('marker', 'm1'));
    // clicks at 0, 1000 and 2000 ms count; the ones between do not
    expect(counted.filter(Boolean)).toHaveLength(3);
  });
});
