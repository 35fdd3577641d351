import { describe, expect, it } from 'vitest';
import { dataCodewords, encodeQr, formatBits, rsRemainder, versionBits } from './qrEncode.ts';

describe('QR encoder', () => {
  it('computes Reed-Solomon codewords of the standard 1-M "HELLO WORLD" example', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(rsRemainder(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('produces the published format and version information strings', () => {
    expect(formatBits(0)).toBe(0b101010000010010);
    expect(formatBits(5)).toBe(0b100000011001110);
    expect(formatBits(7)).toBe(0b100101010100000);
    expect(versionBits(7)).toBe(0b000111110010010100);
  });

  it('knows the data capacity of level M', () => {
    expect([1, 2, 5, 10].map(dataCodewords)).toEqual([16, 28, 86, 216]);
  });

  it('draws a symbol of the right size with its finder patterns', () => {
    const m = encodeQr('https://example.com/abc?ref=qrcode');
    expect(m.length).toBe(29); // 34 bytes need version 3
    const finderRow = [true, true, true, true, true, true, true, false];
    expect(m[0]!.slice(0, 8)).toEqual(finderRow);
    expect(m[0]!.slice(m.length - 7)).toEqual(finderRow.slice(0, 7));
    expect(m[m.length - 8]![8]).toBe(true); // the dark module
  });

  it('refuses text longer than version 10 holds', () => {
    expect(() => encodeQr('x'.repeat(300))).toThrow(RangeError);
  });
});
