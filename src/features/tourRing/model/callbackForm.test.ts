import { describe, expect, it } from 'vitest';
import { checkCallback, countryFromLocale } from './callbackForm.ts';

describe('the call-now form', () => {
  const good = { name: 'Yui', phone: '090-1234-5678', country: 'JP' as const, language: 'ja', note: '' };
  it('needs a name, a phone valid for the country, a country and a language', () => {
    expect(checkCallback(good)).toEqual({});
    expect(checkCallback({ ...good, name: ' ', language: '' })).toEqual({ name: 'required', language: 'language' });
    expect(checkCallback({ ...good, phone: '555' })).toEqual({ phone: 'phone' });
    expect(checkCallback({ ...good, country: '' })).toEqual({ country: 'required' });
  });
  it('starts on the browser’s region when it is one of section 9’s codes', () => {
    expect(countryFromLocale(['ja-JP'])).toBe('JP');
    expect(countryFromLocale(['en-US'])).toBe('NA');
    expect(countryFromLocale(['de-DE', 'zh-Hant-TW'])).toBe('EU');
    expect(countryFromLocale(['de', 'zh-Hant-TW'])).toBe('TW');
    expect(countryFromLocale(['fr'])).toBe('');
  });
});
