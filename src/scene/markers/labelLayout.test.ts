import { describe, expect, it } from 'vitest';
import { markerLabelLines } from '../../protocol/markerLabel.ts';
import { LABEL_FONT_PX, LABEL_PX_PER_ICON, labelLayout, labelPlacement, textDirection, XR_LABEL_EM_DEG, xrLabelScale } from './labelLayout.ts';

// A monospace stand-in for the canvas: 10 px per code point.
const measure = (s: string) => [...s].length * 10;

describe('marker name labels in the scene', () => {
  it('draws one line per 15-character line of the name, the canvas as tall as the lines', () => {
    const lines = markerLabelLines({ name: 'Harbour three-seat sofa', nameMulti: null }, 'en');
    expect(lines).toEqual(['Harbour', 'three-seat sofa']);
    const two = labelLayout(lines, measure);
    const one = labelLayout(['Host note'], measure);
    expect(two.lineCentres).toHaveLength(2);
    expect(two.height).toBeGreaterThan(one.height * 1.5);
    expect(two.lineCentres[1]! - two.lineCentres[0]!).toBeGreaterThanOrEqual(30);
    // As wide as the widest line (15 characters) plus its padding, never the unwrapped name.
    expect(two.width).toBe(150 + 28);
  });

  it('uses the visitor language and wraps every script at 15 characters', () => {
    const nameMulti = JSON.stringify({ ja: 'ハーバーハウスへようこそ、ツアーを始めましょう', ar: 'أريكة هاربور بثلاثة مقاعد من الكتان' });
    const ja = markerLabelLines({ name: 'Welcome', nameMulti }, 'ja');
    expect(ja.map((l) => [...l].length)).toEqual([15, 8]);
    const ar = markerLabelLines({ name: 'Welcome', nameMulti }, 'ar');
    expect(ar.length).toBeGreaterThan(1);
    for (const line of ar) expect([...line].length).toBeLessThanOrEqual(15);
    expect(markerLabelLines({ name: 'Welcome', nameMulti }, 'fr')).toEqual(['Welcome']);
    expect(markerLabelLines({ name: null, nameMulti: '{broken' }, 'en')).toEqual([]);
  });

  it('draws Arabic right to left, whatever the interface language', () => {
    expect(textDirection('أريكة هاربور')).toBe('rtl');
    expect(textDirection('  123 Sofa')).toBe('ltr');
    expect(textDirection('ソファ')).toBe('ltr');
    expect(textDirection('')).toBe('ltr');
  });

  it('hangs the label under the icon, scaled with it and undoing the icon stretch', () => {
    const square = labelPlacement({ width: 2 * LABEL_PX_PER_ICON, height: LABEL_PX_PER_ICON / 2 }, 1);
    expect(square).toEqual({ scaleX: 2, scaleY: 0.5, offsetY: expect.closeTo(-0.5 - 0.08 - 0.25, 9) });
    // Its top edge is below the icon's bottom edge (-0.5).
    expect(square.offsetY + square.scaleY / 2).toBeLessThan(-0.5);
    expect(labelPlacement({ width: 256, height: 64 }, 2).scaleX).toBe(1);
  });

  it('draws names 2 degrees tall in a headset, beside a 5 degree icon (they were about 1.2)', () => {
    const em = (iconDeg: number, scale: number) => {
      // The em's height in icon edges, the icon's edge from its angle, the em's angle back from its size.
      const edge = 2 * Math.tan((iconDeg * Math.PI) / 360);
      return (360 / Math.PI) * Math.atan(((LABEL_FONT_PX / LABEL_PX_PER_ICON) * scale * edge) / 2);
    };
    expect(em(5, 1)).toBeCloseTo(1.17, 2);
    expect(em(5, xrLabelScale(5))).toBeCloseTo(XR_LABEL_EM_DEG, 9);
    expect(XR_LABEL_EM_DEG).toBeGreaterThanOrEqual(1.4); // never smaller than in-world panel body text
    // The larger label still hangs below the icon.
    const placed = labelPlacement({ width: 256, height: 64 }, 1, xrLabelScale(5));
    expect(placed.offsetY + placed.scaleY / 2).toBeLessThan(-0.5);
    expect(placed.scaleY).toBeCloseTo(0.5 * xrLabelScale(5), 9);
  });
});
