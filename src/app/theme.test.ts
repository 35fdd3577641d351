import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../protocol/constants.ts';
import { paletteFor, PALETTES, themeVariables } from './theme.ts';

/** WCAG relative luminance contrast between two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

describe('themes', () => {
  it('default is the spec\'s pink and purple', () => {
    expect(paletteFor('default')).toMatchObject({ main: '#ec0974', sub: '#662e91' });
  });
  it('has a palette for every theme colour, and unknown values fall back to default', () => {
    for (const name of THEME_COLORS) expect(PALETTES[name]).toBeDefined();
    expect(paletteFor('purple-haze')).toBe(PALETTES.default);
    expect(paletteFor(null)).toBe(PALETTES.default);
    expect(paletteFor('blue').main).not.toBe(PALETTES.default.main);
  });
  it('keeps text on the main colour readable (WCAG large-text contrast 3:1)', () => {
    for (const p of Object.values(PALETTES)) expect(contrast(p.main, p.onMain)).toBeGreaterThanOrEqual(3);
  });
  it('exposes CSS variables', () => {
    expect(themeVariables(PALETTES.blue)).toEqual({ '--atrium-main': '#1e6fd9', '--atrium-sub': '#173f8a', '--atrium-on-main': '#ffffff' });
  });
});
