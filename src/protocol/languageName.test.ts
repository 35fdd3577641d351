import { describe, expect, it } from 'vitest';
import { languageName } from './languageName.ts';

describe('languageName', () => {
  it('names a language in the interface language, and falls back to the code', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('de', 'fr')).toBe('allemand');
    expect(languageName('zh-TW', 'en')).toMatch(/Chinese/);
    expect(languageName('not a code!', 'en')).toBe('not a code!');
  });
});
