import { describe, expect, it } from 'vitest';
import { qrModules } from './qrModules.ts';

describe('qrModules', () => {
  it('draws a symbol of the right size with its finder patterns and the dark module', () => {
    const m = qrModules('https://example.com/abc?ref=qrcode')!;
    expect(m.length).toBe(29); // 34 bytes at level M need version 3
    const finderRow = [true, true, true, true, true, true, true, false];
    expect(m[0]!.slice(0, 8)).toEqual(finderRow);
    expect(m[0]!.slice(m.length - 7)).toEqual(finderRow.slice(0, 7));
    expect(m[m.length - 8]![8]).toBe(true);
  });

  it('answers null for text no QR code holds', () => {
    expect(qrModules('x'.repeat(5000))).toBeNull();
  });
});
