// What the server writes for people (mails, the favourites PDF) comes from the viewer's catalogs
// (locales/<lang>/<namespace>.json): one translation of each text, checked by the same missing-key test.
import fs from 'node:fs';
import { isInterfaceLanguage } from '../../protocol/languages.ts';

const LOCALES = new URL('../../../locales/', import.meta.url);
const cache = new Map<string, Record<string, string>>();

/** An interface language for a wish: itself, its base language ("de-AT" -> "de"), or English. */
export function catalogLanguage(wanted: string | null | undefined): string {
  if (wanted && isInterfaceLanguage(wanted)) return wanted;
  const base = wanted?.split('-')[0];
  return base && isInterfaceLanguage(base) ? base : 'en';
}

function catalog(namespace: string, lang: string): Record<string, string> {
  const key = `${lang}/${namespace}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = JSON.parse(fs.readFileSync(new URL(`${key}.json`, LOCALES), 'utf8')) as Record<string, string>;
    cache.set(key, hit);
  }
  return hit;
}

export type Words = (key: string, values?: Record<string, string | number>) => string;

/** A translator for one namespace and language: English for a missing key, {{name}} placeholders filled. */
export function catalogWords(namespace: string, wanted: string | null | undefined): Words {
  const c = catalog(namespace, catalogLanguage(wanted));
  const en = catalog(namespace, 'en');
  return (key, values = {}) => (c[key] ?? en[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));
}
