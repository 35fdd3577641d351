import { describe, it, expect } from 'vitest';
import { breakUnits, contentDirection, fontStack, isRtl, wrapText } from './textCanvas.ts';

// A fake measure: every code point is 10 px wide, so widths are easy to reason about.
const measure = (s: string) => [...s].length * 10;

describe('wrapText', () => {
  it('breaks Latin text between words and never splits a word that fits', () => {
    expect(wrapText('Canapé trois places Harbour', 130, measure)).toEqual(['Canapé trois', 'places', 'Harbour']);
    expect(wrapText('one two three', 1000, measure)).toEqual(['one two three']);
  });
  it('does not count the trailing space of a line against its width', () => {
    expect(wrapText('abcd efgh', 40, measure)).toEqual(['abcd', 'efgh']);
  });
  it('cuts a word longer than the line', () => {
    expect(wrapText('abcdefghij xy', 40, measure)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
  });
  it('breaks CJK between any two characters', () => {
    expect(wrapText('東京の大きな公園です', 40, measure)).toEqual(['東京の大', 'きな公園', 'です']);
  });
  it('breaks Thai between words (ICU dictionary), not inside them', () => {
    expect(wrapText('กินที่นี่', 30, measure, Infinity, 'th')).toEqual(['กิน', 'ที่', 'นี่']);
  });
  it('cuts an overlong Thai word between grapheme clusters, never inside one', () => {
    // 'ที่' is one cluster of three code points: a consonant with two marks.
    const lines = wrapText('ที่ที่ที่ที่', 20, measure, Infinity, 'th');
    expect(lines.join('')).toBe('ที่ที่ที่ที่');
    for (const line of lines) expect(/^[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/u.test(line), line).toBe(false);
  });
  it('keeps CJK punctuation with the character before it', () => {
    // '。' never starts a line: 'す。' moves down together.
    expect(wrapText('東京です。大阪', 40, measure, Infinity, 'ja')).toEqual(['東京で', 'す。大阪']);
    expect(breakUnits('です。', 'ja')).toEqual(['で', 'す。']);
  });
  it('keeps Arabic words whole and in logical order (the canvas reorders and shapes them)', () => {
    expect(wrapText('فتح الرابط الآن', 100, measure)).toEqual(['فتح الرابط', 'الآن']);
  });
  it('keeps paragraphs and blank lines, drops trailing blank ones', () => {
    expect(wrapText('first\n\nsecond\n\n', 1000, measure)).toEqual(['first', '', 'second']);
  });
  it('ends the last kept line with an ellipsis when over maxLines', () => {
    expect(wrapText('aaa bbb ccc ddd', 70, measure, 1)).toEqual(['aaa bb…']);
    expect(wrapText('aaa bbb ccc ddd eee', 70, measure, 2)).toEqual(['aaa bbb', 'ccc dd…']);
    expect(wrapText('aaa bbb ccc ddd', 70, measure, 2)).toEqual(['aaa bbb', 'ccc ddd']);
  });
  it('collapses runs of spaces', () => {
    expect(breakUnits('a   b')).toEqual(['a ', 'b']);
    expect(breakUnits('日本 語', 'ja')).toEqual(['日', '本 ', '語']);
    expect(breakUnits('Hand-stitched linen')).toEqual(['Hand-stitched ', 'linen']);
  });
});

describe('language helpers', () => {
  it('knows right-to-left languages', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('ar-EG')).toBe(true);
    expect(isRtl('en')).toBe(false);
  });
  it('puts the regional CJK font first in the fallback order', () => {
    expect(fontStack('zh-TW')).toContain('"Noto Sans CJK TC"');
    expect(fontStack('ja')).toContain('"Noto Sans CJK JP"');
    expect(fontStack('ar').startsWith('"Noto Sans", "Noto Sans Arabic"')).toBe(true);
  });
});

describe('contentDirection', () => {
  it('keeps each text in its own direction, the interface deciding only for texts without letters', () => {
    expect(contentDirection('Oiled oak, seats four.', true)).toBe('ltr');
    expect(contentDirection('أريكة هاربر', false)).toBe('rtl');
    expect(contentDirection('2 / 3', true)).toBe('rtl');
    expect(contentDirection('€680', false)).toBe('ltr');
  });
});
