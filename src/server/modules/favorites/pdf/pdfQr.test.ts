import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrRuns } from './pdfQr.ts';

describe('qrRuns', () => {
  it('covers exactly the dark modules of the symbol, each once', () => {
    const url = 'https://atrium.example/harbour-house?panorama=p12';
    const { size, data } = create(url, { errorCorrectionLevel: 'M' }).modules;
    const qr = qrRuns(url)!;
    expect(qr.size).toBe(size);
    const painted = new Array<number>(size * size).fill(0);
    for (const r of qr.runs) for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.length; x++) painted[y * size + x]!++;
    expect(painted).toEqual(Array.from(data, (d) => (d ? 1 : 0)));
    // Stacking joins rows: fewer rectangles than row runs.
    expect(qr.runs.some((r) => r.height > 1)).toBe(true);
  });

  it('answers null for an address no QR symbol can hold', () => {
    expect(qrRuns('x'.repeat(5000))).toBeNull();
  });
});
