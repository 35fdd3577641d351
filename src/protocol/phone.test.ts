import { describe, expect, it } from 'vitest';
import { checkPhone } from './phone.ts';

describe('call-now phone numbers (section 9 country codes)', () => {
  it('accepts national and international numbers of the chosen country, in E.164', () => {
    expect(checkPhone('03-1234-5678', 'JP')).toBe('+81312345678');
    expect(checkPhone('+81 90 1234 5678', 'JP')).toBe('+819012345678');
    expect(checkPhone('010-1234-5678', 'KR')).toBe('+821012345678');
    expect(checkPhone('0912 345 678', 'TW')).toBe('+886912345678');
    expect(checkPhone('021 234 5678', 'NZ')).toBe('+64212345678');
    expect(checkPhone('(212) 555-0123', 'NA')).toBe('+12125550123');
  });
  it('reads the EU region as any member country, written with its prefix', () => {
    expect(checkPhone('+49 30 901820', 'EU')).toBe('+4930901820');
    expect(checkPhone('+33 6 12 34 56 78', 'EU')).toBe('+33612345678');
    expect(checkPhone('030 901820', 'EU')).toBeNull();
    expect(checkPhone('+44 20 7946 0958', 'EU')).toBeNull(); // the United Kingdom left
  });
  it('refuses numbers of another country, too short, or with letters', () => {
    expect(checkPhone('+1 212 555 0123', 'JP')).toBeNull();
    expect(checkPhone('12345', 'SG')).toBeNull();
    expect(checkPhone('call me', 'HK')).toBeNull();
    expect(checkPhone('', 'TH')).toBeNull();
  });
});
