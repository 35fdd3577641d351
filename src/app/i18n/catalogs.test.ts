// Fails when a translation is missing, extra, empty, or loses a {{placeholder}}: every language must carry every
// key of English, the source of truth, for every namespace.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { INTERFACE_LANGUAGES, POINT_ICON_TYPES, ROOM_CATEGORIES } from '../../protocol/constants.ts';
import { NAMESPACES } from './catalogBackend.ts';
import { languageDirection, resolveLocale } from '../../protocol/languages.ts';

const LOCALES = fileURLToPath(new URL('../../../locales/', import.meta.url));
/** Product words that stay as they are in every language. */
const TERMS = ['LiveTour', 'Atrium'];

type Flat = Map<string, unknown>;

/**
 * Leaves keyed by their JSON path. The path (not a dotted join) is the identity, so a translation that nests
 * {"error": {"x": ...}} where English has the flat key "error.x" counts as a missing key: at run time
 * (keySeparator: false) it would not be found.
 */
function flatten(value: unknown, path: string[] = [], into: Flat = new Map()): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, [...path, key], into);
  } else {
    into.set(path.length === 1 ? path[0]! : JSON.stringify(path), value);
  }
  return into;
}

function readCatalog(lang: string, namespace: string): Flat {
  return flatten(JSON.parse(readFileSync(`${LOCALES}${lang}/${namespace}.json`, 'utf8')));
}

function placeholders(text: unknown): string[] {
  const names = [...String(text).matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
}

const englishNamespaces = readdirSync(`${LOCALES}en`).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -5));

describe('catalog set', () => {
  it('has a loadable namespace for every English file and a file for every namespace', () => {
    expect([...englishNamespaces].sort()).toEqual([...NAMESPACES].sort());
  });

  it('has no folder for a language the interface does not offer', () => {
    const folders = readdirSync(LOCALES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.filter((folder) => !(INTERFACE_LANGUAGES as readonly string[]).includes(folder))).toEqual([]);
  });

  it('names every room category and every arrow marker in English', () => {
    const viewer = readCatalog('en', 'viewer');
    for (const category of ROOM_CATEGORIES) expect(viewer.has(`room.${category}`), category).toBe(true);
    for (const icon of POINT_ICON_TYPES) {
      const key = `marker.${icon.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
      expect(viewer.has(key), key).toBe(true);
      expect(placeholders(viewer.get(key))).toEqual(['name']);
    }
  });
});

describe.each(englishNamespaces)('namespace %s', (namespace) => {
  const english = readCatalog('en', namespace);

  it('is a flat English catalog of non-empty strings', () => {
    expect(english.size).toBeGreaterThan(0);
    for (const [key, value] of english) {
      expect(key, 'keys are flat "feature.item-name" strings').toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
    }
  });

  describe.each(INTERFACE_LANGUAGES.filter((lang) => lang !== 'en'))('%s', (lang) => {
    const file = `${LOCALES}${lang}/${namespace}.json`;

    it('exists', () => {
      expect(existsSync(file), file).toBe(true);
    });

    it('has exactly the English keys', () => {
      const keys = [...readCatalog(lang, namespace).keys()];
      const missing = [...english.keys()].filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !english.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has non-empty strings with the same placeholders and product terms as English', () => {
      for (const [key, value] of readCatalog(lang, namespace)) {
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${key} is empty or not a string`).toBe(true);
        expect(placeholders(value), `${lang} ${key} placeholders`).toEqual(placeholders(english.get(key)));
        for (const term of TERMS.filter((word) => String(english.get(key)).includes(word))) {
          expect(String(value), `${lang} ${key} keeps "${term}"`).toContain(term);
        }
      }
    });
  });
});

describe('language choice', () => {
  it('falls back to English and reads the query before the browser', () => {
    expect(resolveLocale(null, [])).toBe('en');
    expect(resolveLocale('ja', ['de'])).toBe('ja');
    expect(resolveLocale('xx', ['de-AT'])).toBe('de');
  });

  it('writes Arabic right to left and every other language left to right', () => {
    expect(languageDirection(resolveLocale('ar-EG', []))).toBe('rtl');
    for (const lang of INTERFACE_LANGUAGES.filter((code) => code !== 'ar')) expect(languageDirection(lang)).toBe('ltr');
  });
});
