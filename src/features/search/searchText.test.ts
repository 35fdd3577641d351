import { describe, expect, it } from 'vitest';
import { normalizeTerm, tokenizeForIndex, tokenizeQuery } from './searchText.ts';

describe('search terms', () => {
  it('splits spaced scripts into words', () => {
    expect(tokenizeForIndex('Harbour three-seat sofa, 240 x 92 cm.')).toEqual(['Harbour', 'three', 'seat', 'sofa', '240', 'x', '92', 'cm']);
    expect(tokenizeForIndex('أريكة هاربر بثلاثة مقاعد')).toEqual(['أريكة', 'هاربر', 'بثلاثة', 'مقاعد']);
  });

  it('cuts Japanese into bigrams and unigrams for the index, bigrams only for a query', () => {
    expect(tokenizeForIndex('3人掛けソファ')).toEqual(['3', '人', '人掛', '掛', '掛け', 'け', 'けソ', 'ソ', 'ソフ', 'フ', 'ファ', 'ァ']);
    expect(tokenizeQuery('ソファ')).toEqual(['ソフ', 'ファ']);
    expect(tokenizeQuery('水')).toEqual(['水']);
  });

  it('keeps the long vowel mark inside a Katakana run', () => {
    expect(tokenizeQuery('ハーバー')).toEqual(['ハー', 'ーバ', 'バー']);
  });

  it('treats Thai and Hangul runs as dense text, and mixed text piece by piece', () => {
    expect(tokenizeQuery('โซฟา')).toEqual(['โซ', 'ซฟ', 'ฟา']);
    expect(tokenizeQuery('소파 Harbour')).toEqual(['소파', 'Harbour']);
  });

  it('folds full-width and half-width forms before splitting', () => {
    expect(tokenizeQuery('ＳＯＦＡ２４０')).toEqual(['SOFA240']);
    expect(tokenizeQuery('ｿﾌｧ')).toEqual(['ソフ', 'ファ']);
  });

  it('lower-cases and folds diacritics of spaced scripts only', () => {
    expect(normalizeTerm('Canapé')).toBe('canape');
    expect(normalizeTerm('Straße')).toBe('strasse');
    expect(normalizeTerm('Łódź')).toBe('lodz');
    expect(normalizeTerm('İstanbul')).toBe('istanbul');
    expect(normalizeTerm('ΚΑΝΑΠΈΣ')).toBe('καναπεσ');
    expect(normalizeTerm('καναπές')).toBe('καναπεσ');
    // Hangul and Japanese voicing marks stay as written: decomposing them would change the word.
    expect(normalizeTerm('소파')).toBe('소파');
    expect(normalizeTerm('ガ')).toBe('ガ');
  });
});
