// An i18next backend that loads `locales/<lng>/<namespace>.json` with a dynamic import. Vite turns the template
// import below into one small chunk per catalog, so a visitor downloads only the language they read.
import type { BackendModule, ReadCallback } from 'i18next';
import { isInterfaceLanguage } from '../../protocol/languages.ts';

/** Every catalog namespace; a namespace is one file per language under locales/<lng>/. */
export const NAMESPACES = ['viewer', 'markers', 'panels', 'search', 'social', 'account', 'gate', 'analytics', 'studio', 'studioMarkers', 'meeting', 'studioDraft', 'chat', 'pilot', 'ordering', 'favourites', 'lounge', 'tourRing', 'booking'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'viewer';

export type CatalogLoader = (language: string, namespace: string) => Promise<Record<string, unknown>>;

/** The real loader. The path must stay a relative template literal: Vite's import analysis needs it to glob. */
export const importCatalog: CatalogLoader = async (language, namespace) => {
  const module = (await import(`../../../locales/${language}/${namespace}.json`)) as { default: Record<string, unknown> };
  return module.default;
};

function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

export function createCatalogBackend(load: CatalogLoader = importCatalog): BackendModule {
  return {
    type: 'backend',
    // Declared rather than guessed from read()'s arity, which i18next 26 deprecates.
    callbackApi: true,
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      // Only known names reach the import: nothing from the address can pick an arbitrary file.
      if (!isInterfaceLanguage(language) || !isNamespace(namespace)) {
        callback(new Error(`No catalog ${language}/${namespace}`), false);
        return;
      }
      load(language, namespace).then(
        (catalog) => callback(null, catalog),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}
