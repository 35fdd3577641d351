import { describe, it, expect } from 'vitest';
import { INTERFACE_LANGUAGES } from './constants.ts';
import { isInterfaceLanguage, languageDirection, normalizeLanguageTag, resolveLocale } from './languages.ts';

describe('normalizeLanguageTag', () => {
  it.each(INTERFACE_LANGUAGES.map((lang) => [lang]))('keeps the catalog code %s, in any case', (lang) => {
    expect(normalizeLanguageTag(lang)).toBe(lang);
    expect(normalizeLanguageTag(lang.toLowerCase())).toBe(lang);
    expect(normalizeLanguageTag(lang.toUpperCase())).toBe(lang);
  });

  it.each([
    ['zh', 'zh-CN'], ['zh-Hans', 'zh-CN'], ['zh-Hans-CN', 'zh-CN'], ['zh-SG', 'zh-CN'], ['zh_CN', 'zh-CN'], ['zh-cn', 'zh-CN'],
    ['zh-Hant', 'zh-TW'], ['zh-hk', 'zh-TW'], ['zh-MO', 'zh-TW'], ['zh-Hant-HK', 'zh-TW'], ['zh-tw', 'zh-TW'],
    ['nb', 'no'], ['nn', 'no'], ['nb-NO', 'no'], ['no-NO', 'no'],
    ['en-US', 'en'], ['en', 'en'], ['en-GB', 'en-GB'], ['en_gb', 'en-GB'], ['en-AU', 'en-GB'], ['en-Latn-GB', 'en-GB'],
    ['pt-BR', 'pt'], ['pt-PT', 'pt'], ['es-419', 'es'], ['ar-EG', 'ar'], ['fr-CA', 'fr'], ['mn-Cyrl-MN', 'mn'],
    ['  de-CH ', 'de'], ['ms-MY', 'ms'],
  ])('%j becomes %s', (tag, expected) => {
    expect(normalizeLanguageTag(tag)).toBe(expected);
  });

  it.each([['he'], ['xx-YY'], [''], ['   '], [null], [undefined], ['*'], ['-']])('%j has no catalog', (tag) => {
    expect(normalizeLanguageTag(tag)).toBeNull();
  });
});

describe('resolveLocale', () => {
  it('prefers the query locale', () => {
    expect(resolveLocale('fr', ['de-DE', 'en'])).toBe('fr');
  });

  it('takes the first browser language we have when the query has none or an unknown one', () => {
    expect(resolveLocale(null, ['he-IL', 'zh-Hant-TW', 'en'])).toBe('zh-TW');
    expect(resolveLocale('klingon', ['nb-NO'])).toBe('no');
    expect(resolveLocale(undefined, ['pt-BR'])).toBe('pt');
  });

  it('falls back to English', () => {
    expect(resolveLocale(null, null)).toBe('en');
    expect(resolveLocale('he', ['he-IL', 'fa'])).toBe('en');
  });
});

describe('languageDirection and isInterfaceLanguage', () => {
  it('is rtl for Arabic only', () => {
    expect(languageDirection('ar')).toBe('rtl');
    expect(languageDirection('en')).toBe('ltr');
    expect(languageDirection('cimode')).toBe('ltr');
  });

  it('knows the catalog codes exactly', () => {
    expect(isInterfaceLanguage('zh-TW')).toBe(true);
    expect(isInterfaceLanguage('zh-tw')).toBe(false);
    expect(isInterfaceLanguage(3)).toBe(false);
  });
});
