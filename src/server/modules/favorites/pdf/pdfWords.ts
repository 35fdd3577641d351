// The PDF's words come from the same catalogs as the viewer's (locales/<lang>/favourites.json): one translation.
import fs from 'node:fs';
import type { FavoriteCategory } from '../../../../protocol/favorites.ts';
import { isInterfaceLanguage, languageDirection } from '../../../../protocol/languages.ts';

const LOCALES = new URL('../../../../../locales/', import.meta.url);
const cache = new Map<string, Record<string, string>>();

function catalog(lang: string): Record<string, string> {
  const safe = isInterfaceLanguage(lang) ? lang : 'en';
  let hit = cache.get(safe);
  if (!hit) {
    hit = JSON.parse(fs.readFileSync(new URL(`${safe}/favourites.json`, LOCALES), 'utf8')) as Record<string, string>;
    cache.set(safe, hit);
  }
  return hit;
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

const CATEGORY_KEYS: Record<FavoriteCategory, string> = {
  marker: 'favourites.category-marker', panorama: 'favourites.category-panorama', card: 'favourites.category-card',
  company: 'favourites.category-company', user: 'favourites.category-user', nameCard: 'favourites.category-name-card',
};

export function pdfWords(lang: string, now: Date) {
  const c = catalog(lang);
  const en = catalog('en');
  const t = (key: string) => c[key] ?? en[key] ?? key;
  let date: string;
  try {
    date = new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(now);
  } catch {
    date = now.toISOString().slice(0, 10);
  }
  return {
    rtl: languageDirection(lang) === 'rtl',
    heading: t('pdf.heading'),
    madeOn: fill(t('pdf.made-on'), { date }),
    note: t('pdf.note'),
    open: t('pdf.open'),
    page: (n: number, total: number) => fill(t('pdf.page'), { n, total }),
    category: (c: FavoriteCategory) => t(CATEGORY_KEYS[c]),
  };
}
