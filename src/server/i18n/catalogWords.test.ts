import { describe, expect, it } from 'vitest';
import { catalogLanguage, catalogWords } from './catalogWords.ts';

describe('catalogWords', () => {
  it('reads a namespace of the viewer catalogs in a language, filling placeholders', () => {
    expect(catalogWords('gate', 'de')('mail.subject', { tour: 'Hafenhaus' })).toBe('Ihr Zugangscode für Hafenhaus');
    expect(catalogWords('gate', 'ar')('mail.expires', { minutes: 15 })).toContain('15');
  });

  it('falls back to the base language, then English', () => {
    expect(catalogLanguage('de-AT')).toBe('de');
    expect(catalogLanguage('zh-TW')).toBe('zh-TW');
    expect(catalogLanguage('xx')).toBe('en');
    expect(catalogLanguage(null)).toBe('en');
    expect(catalogWords('gate', 'pt-BR')('mail.code')).toBe('O seu código de acesso é:');
    expect(catalogWords('gate', 'en')('no.such.key')).toBe('no.such.key');
  });
});
