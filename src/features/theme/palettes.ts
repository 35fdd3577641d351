import { DEFAULT_THEME, THEME_COLORS } from '../../protocol/constants.ts';

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

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** WCAG AA for normal-size text: the overlay's buttons carry 16px labels on the main colour. */
export const TEXT_CONTRAST = 4.5;

/**
 * The main colour as the overlay paints it: the palette's own colour when text on it already reads at 4.5:1,
 * otherwise the nearest shade (mixed towards black under light text, towards white under dark text, 1% at a time)
 * that does. The spec's pink (#ec0974, 4.3:1 under white) becomes #e50971, the same pink to the eye.
 */
export function readableMain(p: Palette): string {
  const towards = luminance(p.onMain) > 0.5 ? 0 : 255;
  for (let step = 0; step <= 100; step++) {
    const shade = `#${[1, 3, 5].map((i) => Math.round(parseInt(p.main.slice(i, i + 2), 16) * (1 - step / 100) + towards * (step / 100)).toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(shade, p.onMain) >= TEXT_CONTRAST) return shade;
  }
  return towards === 0 ? '#000000' : '#ffffff';
}

/** CSS custom properties the overlay reads (var(--atrium-main) ...): --atrium-main is the readable shade. */
export function themeVariables(p: Palette): Record<string, string> {
  return { '--atrium-main': readableMain(p), '--atrium-sub': p.sub, '--atrium-on-main': p.onMain };
}
