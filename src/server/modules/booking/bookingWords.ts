// The booking mails' words come from the viewer's catalogs (locales/<lang>/booking.json): one translation.
import fs from 'node:fs';
import { isInterfaceLanguage } from '../../../protocol/languages.ts';

const LOCALES = new URL('../../../../locales/', import.meta.url);
const cache = new Map<string, Record<string, string>>();

function catalog(lang: string): Record<string, string> {
  const safe = isInterfaceLanguage(lang) ? lang : 'en';
  let hit = cache.get(safe);
  if (!hit) {
    hit = JSON.parse(fs.readFileSync(new URL(`${safe}/booking.json`, LOCALES), 'utf8')) as Record<string, string>;
    cache.set(safe, hit);
  }
  return hit;
}

/** A translator for one language: English for a missing key, {{name}} placeholders filled. */
export function bookingWords(lang: string): (key: string, values?: Record<string, string>) => string {
  const c = catalog(lang);
  const en = catalog('en');
  return (key, values = {}) => (c[key] ?? en[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
}

/** A date and time in a language and zone, with the zone's name, e.g. "Monday, 1 June 2026 at 09:00 CEST". */
export function formatWhen(instant: Date, lang: string, timeZone: string): string {
  const locale = isInterfaceLanguage(lang) ? lang : 'en';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(instant)
    + ` (${new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? timeZone})`;
}

/** A language's own name in another language ("French" in English), for the mail's "Language:" line. */
export function languageName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([isInterfaceLanguage(lang) ? lang : 'en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
