/**
 * A language's name in the interface language ("Deutsch" for de in German, "ドイツ語" in Japanese), for every picker
 * of a language; the code itself where the browser has no name for it.
 */
export function languageName(code: string, interfaceLanguage: string): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
