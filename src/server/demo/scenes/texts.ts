/** Marker and room texts in the tour's five showcase languages (English first). */
export function multi(en: string, fr: string, ja: string, ar: string, de: string): Record<string, string> {
  return { en, fr, ja, ar, de };
}
