// The PDF's words come from the same catalogs as the viewer's (locales/<lang>/favourites.json): one translation.
import type { FavoriteCategory } from '../../../../protocol/favorites.ts';
import { languageDirection } from '../../../../protocol/languages.ts';
import { catalogWords } from '../../../i18n/catalogWords.ts';

const CATEGORY_KEYS: Record<FavoriteCategory, string> = {
  marker: 'favourites.category-marker', panorama: 'favourites.category-panorama', card: 'favourites.category-card',
  company: 'favourites.category-company', user: 'favourites.category-user', nameCard: 'favourites.category-name-card',
};

export function pdfWords(lang: string, now: Date) {
  const t = catalogWords('favourites', lang);
  let date: string;
  try {
    date = new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(now);
  } catch {
    date = now.toISOString().slice(0, 10);
  }
  return {
    rtl: languageDirection(lang) === 'rtl',
    heading: t('pdf.heading'),
    madeOn: t('pdf.made-on', { date }),
    note: t('pdf.note'),
    open: t('pdf.open'),
    page: (n: number, total: number) => t('pdf.page', { n, total }),
    category: (c: FavoriteCategory) => t(CATEGORY_KEYS[c]),
  };
}
