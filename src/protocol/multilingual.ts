// Multilingual marker fields travel as JSON strings ({"en": "...", "fr": "..."}) that older data sometimes breaks.
// Parsing never throws: broken JSON or a non-object simply means "no translations", so the plain field shows.

/** The translations held by a multilingual JSON string; empty when absent or broken. */
export function parseMulti(raw: string | null | undefined): Record<string, string> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: Record<string, string> = {};
    for (const [key, text] of Object.entries(value)) if (typeof text === 'string' && text.trim() !== '') out[key] = text;
    return out;
  } catch {
    return {};
  }
}

/**
 * The text for the visitor: their language, then its base ('zh' of 'zh-TW'), then English, then the plain field.
 * Keys are compared case-insensitively because stored data mixes 'zh-TW' and 'zh-tw'.
 */
export function pickLanguage(raw: string | null | undefined, plain: string | null | undefined, lang: string): string {
  const translations = parseMulti(raw);
  const byKey = new Map(Object.entries(translations).map(([k, v]) => [k.toLowerCase(), v]));
  const wanted = lang.toLowerCase();
  const base = wanted.split('-')[0] ?? wanted;
  for (const key of [wanted, base, 'en']) {
    const hit = byKey.get(key);
    if (hit !== undefined) return hit;
  }
  return plain ?? '';
}
