import { describe, it, expect } from 'vitest';
import { parseMulti, pickLanguage } from './multilingual.ts';

describe('pickLanguage', () => {
  const multi = JSON.stringify({ en: 'Sofa', fr: 'Canapé', zh: '沙发', 'zh-TW': '沙發' });
  it('prefers the exact language, then its base, then English, then the plain field', () => {
    expect(pickLanguage(multi, 'plain', 'zh-TW')).toBe('沙發');
    expect(pickLanguage(multi, 'plain', 'zh-CN')).toBe('沙发');
    expect(pickLanguage(multi, 'plain', 'fr-CA')).toBe('Canapé');
    expect(pickLanguage(multi, 'plain', 'ja')).toBe('Sofa');
    expect(pickLanguage(JSON.stringify({ fr: 'Canapé' }), 'plain', 'ja')).toBe('plain');
  });
  it('matches language keys case-insensitively', () => {
    expect(pickLanguage(JSON.stringify({ 'zh-tw': 'x' }), 'plain', 'zh-TW')).toBe('x');
  });
  it('falls back to the plain field on broken JSON, non-objects, blanks and null', () => {
    expect(pickLanguage('{"en": "Sofa"', 'plain', 'en')).toBe('plain');
    expect(pickLanguage('["Sofa"]', 'plain', 'en')).toBe('plain');
    expect(pickLanguage('null', 'plain', 'en')).toBe('plain');
    expect(pickLanguage(JSON.stringify({ en: '  ' }), 'plain', 'en')).toBe('plain');
    expect(pickLanguage(null, null, 'en')).toBe('');
  });
  it('ignores non-string translations', () => {
    expect(parseMulti(JSON.stringify({ en: 3, fr: 'Un' }))).toEqual({ fr: 'Un' });
  });
});
