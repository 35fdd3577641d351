import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collectGarbage.ts';

describe('collectGarbage', () => {
  it('collects in a process started without --expose-gc, and leaves no global gc behind', async () => {
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    let held: { bytes: Uint8Array } | null = { bytes: new Uint8Array(1 << 20) };
    const ref = new WeakRef(held);
    held = null;
    // A WeakRef's target survives the task that made or read it: let it end first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
