import { describe, expect, it } from 'vitest';
import { bidiRuns } from './pdfBidi.ts';

const seen = (line: string) => bidiRuns(line).map((r) => `${r.face}:${r.text}`);

describe('bidiRuns', () => {
  it('keeps a euro sign and Latin letters, drawn with the Latin face, on the left of the Arabic words', () => {
    expect(seen('السعر 680 €')).toEqual(['latin:€', 'latin: ', 'latin:680', 'latin: ', 'arabic:السعر']);
    expect(seen('السعر 680 EUR')).toEqual(['latin:EUR', 'latin: ', 'latin:680', 'latin: ', 'arabic:السعر']);
  });

  it('keeps a Latin phrase left to right inside the right-to-left line', () => {
    expect(seen('خشب Oak 2 م')).toEqual(['arabic:م', 'latin: ', 'latin:Oak 2', 'latin: ', 'arabic:خشب']);
  });

  it('turns brackets round inside right-to-left text, the percent sign where a browser puts it in Arabic', () => {
    // After Arabic letters the digits are Arabic numbers (rule W2), so the sign is not joined to them (W5): "(%20)".
    expect(seen('خصم (20%) الآن').join('|')).toBe('arabic:الآن|latin: |latin:(%|latin:20|latin:)|latin: |arabic:خصم');
  });

  it('leaves an Arabic sentence as one run for jsPDF to join and reverse', () => {
    expect(bidiRuns('طاولة الشرفة')).toEqual([{ text: 'طاولة الشرفة', face: 'arabic', rtl: true }]);
  });
});
