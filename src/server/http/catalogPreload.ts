import fs from 'node:fs';
import path from 'node:path';
import { resolveLocale } from '../../protocol/languages.ts';

/** Accept-Language as an ordered list of tags, most wanted first ("fr-CH, fr;q=0.9, en;q=0.8"). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((l) => l.tag);
}

/**
 * The viewer cannot draw its first label before its language catalog (a small chunk) arrives, and it only
 * asks for it after its own script ran. The page names that chunk up front, so both download together.
 * Answers the <link> for the visitor's language, or null when the build has no manifest.
 */
export function catalogPreloader(clientDir: string): (queryLocale: string | null, acceptLanguage: string | undefined) => string | null {
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  let manifest: Record<string, { file: string }> = {};
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  } catch {
    return () => null;
  }
  return (queryLocale, acceptLanguage) => {
    const lang = resolveLocale(queryLocale, acceptedLanguages(acceptLanguage));
    const entry = manifest[`locales/${lang}/viewer.json`];
    return entry ? `<link rel="modulepreload" crossorigin href="/${entry.file}">` : null;
  };
}
