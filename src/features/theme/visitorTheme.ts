// The visitor's own colour theme, for tours whose owner offers the theme picker (owner setting themePicker). Kept on
// the device through the consent-aware storage: in memory until cookies are accepted, in localStorage after.
import { useSyncExternalStore } from 'react';
import { THEME_COLORS } from '../../protocol/constants.ts';
import { consentStorage } from '../panels/consent.ts';
import type { ThemeName } from './palettes.ts';

export const VISITOR_THEME_KEY = 'atrium.visitorTheme';

const isTheme = (value: string | null): value is ThemeName => value !== null && (THEME_COLORS as readonly string[]).includes(value);

let chosen: ThemeName | null = null;
let loaded = false;
const listeners = new Set<() => void>();

function current(): ThemeName | null {
  if (!loaded) {
    loaded = true;
    const stored = consentStorage.getItem(VISITOR_THEME_KEY);
    chosen = isTheme(stored) ? stored : null;
  }
  return chosen;
}

/** The theme the visitor chose, or null for the tour's own (the owner's themeColor). */
export function visitorTheme(): ThemeName | null {
  return current();
}

/** Chooses a theme (null: back to the tour's own colours) and keeps the choice for the next visit. */
export function chooseVisitorTheme(name: ThemeName | null): void {
  chosen = name;
  loaded = true;
  if (name) consentStorage.setItem(VISITOR_THEME_KEY, name);
  else consentStorage.removeItem(VISITOR_THEME_KEY);
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVisitorTheme(): ThemeName | null {
  return useSyncExternalStore(subscribe, current, current);
}

/** The theme the viewer paints: the visitor's choice where the owner offers the picker, else the tour's own. */
export function themeInUse(tour: { themeColor: string; ownerSettings: { themePicker: boolean } }, choice: ThemeName | null): string {
  return tour.ownerSettings.themePicker && choice ? choice : tour.themeColor;
}
