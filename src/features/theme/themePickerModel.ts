// The theme picker's view model: what the flat dialog and its in-world twin both show and do. UI-free.
import { THEME_COLORS } from '../../protocol/constants.ts';
import { PALETTES, type ThemeName } from './palettes.ts';

export interface ThemeOption {
  /** null: the tour's own colours, as its owner chose them. */
  name: ThemeName | null;
  label: string;
  /** The swatch: the palette's main colour. */
  colour: string;
  selected: boolean;
}

export interface ThemePickerViewModel {
  hint: string;
  options: ThemeOption[];
  choose(name: ThemeName | null): void;
}

export interface ThemePickerTexts {
  hint: string;
  tourOwn: string;
  name: (theme: ThemeName) => string;
}

export function themePickerViewModel(tourTheme: string, choice: ThemeName | null, texts: ThemePickerTexts, choose: (name: ThemeName | null) => void): ThemePickerViewModel {
  const tourPalette = (THEME_COLORS as readonly string[]).includes(tourTheme) ? PALETTES[tourTheme as ThemeName] : PALETTES.default;
  return {
    hint: texts.hint,
    options: [
      { name: null, label: texts.tourOwn, colour: tourPalette.main, selected: choice === null },
      ...THEME_COLORS.map((name) => ({ name, label: texts.name(name), colour: PALETTES[name].main, selected: choice === name })),
    ],
    choose,
  };
}
