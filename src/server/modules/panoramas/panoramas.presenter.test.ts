import { describe, expect, it } from 'vitest';
import { ROOM_CATEGORIES } from '../../../protocol/constants.ts';
import { normalizeCategory } from './panoramas.presenter.ts';

describe('normalizeCategory (section 4)', () => {
  it('keeps every known room category', () => {
    for (const c of ROOM_CATEGORIES) expect(normalizeCategory(c, null).category).toBe(c);
  });
  it('turns an unknown category into custom, keeping the original text', () => {
    expect(normalizeCategory('wine-cellar', null)).toEqual({ category: 'custom', customCategory: 'wine-cellar' });
    expect(normalizeCategory('', null)).toEqual({ category: 'custom', customCategory: '' });
  });
  it('keeps the owner\'s custom text for custom rooms', () => {
    expect(normalizeCategory('custom', 'Sauna')).toEqual({ category: 'custom', customCategory: 'Sauna' });
  });
});
