// The interface's words as the app ships them (locales/<lang>/<namespace>.json), for specs that check what a visitor
// reads in a language. A spec asks for a text by key and never repeats a translation; a key the catalog lacks fails
// the spec where it asks, naming the file, instead of comparing the page against undefined. (The server's
// catalogWords falls back to English, which is right for a mail and wrong for a test.)
import fs from 'node:fs';

const LOCALES = new URL('../../../locales/', import.meta.url);
const catalogs = new Map<string, Record<string, string>>();

function readCatalog(file: string): Record<string, string> {
  let catalog = catalogs.get(file);
  if (!catalog) {
    catalog = JSON.parse(fs.readFileSync(new URL(file, LOCALES), 'utf8')) as Record<string, string>;
    catalogs.set(file, catalog);
  }
  return catalog;
}

/** The texts of one namespace in one language: words('markers.play'). */
export function localeWords(lang: string, namespace: string): (key: string) => string {
  const file = `${lang}/${namespace}.json`;
  const texts = readCatalog(file);
  return (key) => {
    const text = texts[key];
    if (typeof text !== 'string' || text === '') throw new Error(`locales/${file} has no text for ${key}`);
    return text;
  };
}
