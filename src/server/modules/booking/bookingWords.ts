// The booking mails' words come from the viewer's catalogs (locales/<lang>/booking.json): one translation.
import { isInterfaceLanguage } from '../../../protocol/languages.ts';
import { catalogWords, type Words } from '../../i18n/catalogWords.ts';

/** A translator for one language: English for a missing key, {{name}} placeholders filled. */
export const bookingWords = (lang: string): Words => catalogWords('booking', lang);

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
