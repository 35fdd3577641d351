// The interface's words as the app ships them (locales/<lang>/<namespace>.json), for specs that check what a visitor
// reads in a language. A spec asks for a text by key and never repeats a translation; a key the catalog lacks fails
// the spec where it asks, naming the file, instead of comparing the page against undefined.
import fs from 'node:fs';
import { INTERFACE_LANGUAGES } from '../../../src/protocol/constants.ts';

const LOCALES = new URL('../../../locales/', import.meta.url);
const catalogs = new Map<string, Record<string, string>>();

/** Every interface language the spec lists. */
export const interfaceLanguages: readonly string[] = INTERFACE_LANGUAGES;

export type LocaleWords = (key: string) => string;

/** The texts of one namespace in one language: words('markers.play'). */
export function localeWords(lang: string, namespace: string): LocaleWords {
  const file = `${lang}/${namespace}.json`;
  let catalog = catalogs.get(file);
  if (!catalog) {
    catalog = JSON.parse(fs.readFileSync(new URL(file, LOCALES), 'utf8')) as Record<string, string>;
    catalogs.set(file, catalog);
  }
  const texts = catalog;
  return (key) => {
    const text = texts[key];
    if (typeof text !== 'string' || text === '') throw new Error(`locales/${file} has no text for ${key}`);
    return text;
  };
}
