// Which interface language to show (spec section 9): the `locale` query parameter first, then the browser's
// languages in order, then English. Browsers and links spell languages many ways (zh-Hant, zh_hk, nb-NO, pt-BR),
// so each tag is normalised to one of the catalogs we ship.
import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES, RTL_LANGUAGES } from './constants.ts';

export type Lang = (typeof INTERFACE_LANGUAGES)[number];
export type TextDirection = 'ltr' | 'rtl';

const BY_LOWER_CASE = new Map<string, Lang>(INTERFACE_LANGUAGES.map((lang) => [lang.toLowerCase(), lang]));

/**
 * Tags that are not catalog codes but clearly mean one. Norwegian Bokmål and Nynorsk share the 'no' catalog;
 * English of countries that spell the British way gets en-GB ('en-uk' is wrong but common in hand-made links).
 */
const ALIASES: Readonly<Record<string, Lang>> = {
  nb: 'no', nn: 'no',
  'en-uk': 'en-GB', 'en-ie': 'en-GB', 'en-au': 'en-GB', 'en-nz': 'en-GB',
};

// Chinese is decided by script, then by region: Traditional for Taiwan, Hong Kong and Macao, Simplified otherwise.
const TRADITIONAL_CHINESE_SUBTAGS = new Set(['hant', 'tw', 'hk', 'mo']);

export function isInterfaceLanguage(value: unknown): value is Lang {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** One language tag as a catalog code, or null when we have no catalog for it. */
export function normalizeLanguageTag(tag: string | null | undefined): Lang | null {
  const lower = tag?.trim().replaceAll('_', '-').toLowerCase();
  if (!lower) return null;
  const exact = BY_LOWER_CASE.get(lower) ?? ALIASES[lower];
  if (exact) return exact;
  const [language = '', ...subtags] = lower.split('-');
  if (language === 'zh') return subtags.some((subtag) => TRADITIONAL_CHINESE_SUBTAGS.has(subtag)) ? 'zh-TW' : 'zh-CN';
  // Drop a script subtag (en-Latn-GB) before trying language-region, then fall back to the language alone.
  const region = subtags.find((subtag) => subtag.length === 2 || /^\d{3}$/.test(subtag));
  const withRegion = region ? `${language}-${region}` : null;
  return (withRegion && (BY_LOWER_CASE.get(withRegion) ?? ALIASES[withRegion]))
    || BY_LOWER_CASE.get(language) || ALIASES[language] || null;
}

/** The interface language: the query's locale if we have it, else the first browser language we have, else English. */
export function resolveLocale(
  queryLocale: string | null | undefined, navigatorLanguages: readonly string[] | null | undefined,
): Lang {
  for (const tag of [queryLocale, ...(navigatorLanguages ?? [])]) {
    const lang = normalizeLanguageTag(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

export function languageDirection(lang: string): TextDirection {
  return (RTL_LANGUAGES as readonly string[]).includes(lang) ? 'rtl' : 'ltr';
}
