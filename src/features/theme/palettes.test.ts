import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../../protocol/constants.ts';
import { contrastRatio as contrast, paletteFor, PALETTES, readableMain, themeVariables } from './palettes.ts';

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
  it('computes WCAG contrast ratios', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#ec0974', '#ffffff')).toBeCloseTo(4.32, 2);
  });
  it('paints text on a shade of the main colour that reads at WCAG AA (4.5:1), changed only as much as needed', () => {
    for (const p of Object.values(PALETTES)) expect(contrast(readableMain(p), p.onMain)).toBeGreaterThanOrEqual(4.5);
    // Already readable: unchanged. The spec's pink: a shade the eye does not tell apart.
    expect(readableMain(PALETTES.blue)).toBe(PALETTES.blue.main);
    expect(readableMain(PALETTES.default)).toBe('#e50971');
  });
  it('exposes CSS variables', () => {
    expect(themeVariables(PALETTES.blue)).toEqual({ '--atrium-main': '#1e6fd9', '--atrium-sub': '#173f8a', '--atrium-on-main': '#ffffff' });
    expect(themeVariables(PALETTES.default)['--atrium-main']).toBe('#e50971');
  });
});
