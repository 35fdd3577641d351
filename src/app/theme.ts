import { DEFAULT_THEME, THEME_COLORS } from '../protocol/constants.ts';

export type ThemeName = (typeof THEME_COLORS)[number];
export interface Palette {
  main: string;
  sub: string;
  /** Text on the main colour, chosen for contrast. */
  onMain: string;
}

/** The building's themeColor picks a palette; default is the spec's pink. Others are ours, checked for contrast. */
export const PALETTES: Record<ThemeName, Palette> = {
  default: { main: DEFAULT_THEME.main, sub: DEFAULT_THEME.sub, onMain: '#ffffff' },
  red: { main: '#d32f2f', sub: '#7f1d1d', onMain: '#ffffff' },
  black: { main: '#222222', sub: '#555555', onMain: '#ffffff' },
  blue: { main: '#1e6fd9', sub: '#173f8a', onMain: '#ffffff' },
  green: { main: '#1f8a4c', sub: '#14532d', onMain: '#ffffff' },
  orange: { main: '#e86a10', sub: '#9a3412', onMain: '#ffffff' },
  yellow: { main: '#f2c200', sub: '#8a6d00', onMain: '#1a1a1a' },
};

export function paletteFor(themeColor: string | null | undefined): Palette {
  return (THEME_COLORS as readonly string[]).includes(themeColor ?? '') ? PALETTES[themeColor as ThemeName] : PALETTES.default;
}

/** CSS custom properties the overlay reads (var(--atrium-main) ...). */
export function themeVariables(p: Palette): Record<string, string> {
  return { '--atrium-main': p.main, '--atrium-sub': p.sub, '--atrium-on-main': p.onMain };
}
