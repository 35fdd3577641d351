// The one i18next instance of the client: language from the address or the browser, catalogs loaded lazily,
// English as fallback, and <html lang dir> kept in step so screen readers and Arabic layout follow the language.
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES } from '../../protocol/constants.ts';
import { createCatalogBackend, DEFAULT_NAMESPACE, type CatalogLoader } from './catalogBackend.ts';
import { languageDirection, resolveLocale } from '../../protocol/languages.ts';

/** The part of `document` we touch; tests pass a stand-in. */
export interface DocumentLike {
  documentElement: { lang: string; dir: string };
}

export interface InitI18nOptions {
  /** Defaults to navigator.languages. */
  navigatorLanguages?: readonly string[];
  /** Defaults to the dynamic-import loader. */
  loader?: CatalogLoader;
  /** Defaults to the global document; null to leave the page alone. */
  document?: DocumentLike | null;
}

export function applyDocumentLanguage(lang: string, doc: DocumentLike | null | undefined): void {
  if (!doc) return;
  doc.documentElement.lang = lang;
  doc.documentElement.dir = languageDirection(lang);
}

/**
 * Creates, initialises and binds to React a fresh i18next instance. Resolves once the chosen language's catalogs
 * (and English, the fallback) are loaded. `locale` is the raw `locale` query parameter, if any.
 */
export async function initI18n(locale?: string | null, options: InitI18nOptions = {}): Promise<i18n> {
  const navigatorLanguages = options.navigatorLanguages ?? globalThis.navigator?.languages ?? [];
  const doc = options.document === undefined ? (globalThis.document as DocumentLike | undefined) : options.document;
  const instance = i18next.createInstance();
  instance.use(createCatalogBackend(options.loader)).use(initReactI18next);
  instance.on('languageChanged', (lang: string) => applyDocumentLanguage(lang, doc));
  await instance.init({
    lng: resolveLocale(locale, navigatorLanguages),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...INTERFACE_LANGUAGES],
    // Each catalog is complete (catalogs.test.ts), so en-GB needs no 'en' parent loaded besides the fallback.
    load: 'currentOnly',
    // Only the viewer's own strings load before the first view; feature namespaces load when a feature mounts
    // (useTranslation('markers') under a Suspense boundary).
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    // Keys are flat 'feature.item-name' strings: the dot is part of the name, not a path.
    keySeparator: false,
    // React escapes what it renders; escaping here too would show '&amp;' to visitors.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return instance;
}
