/** The text in the visitor's language: exact locale, then its base language, then the fallback. */
export function localText(multi: Record<string, string> | null | undefined, language: string, fallback: string): string {
  if (!multi) return fallback;
  return multi[language] || multi[language.split('-')[0] ?? ''] || fallback;
}
