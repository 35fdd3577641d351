import { useSyncExternalStore } from 'react';

// The scene has no i18n of its own: the app writes the interface language on <html lang> (initI18n.ts), so the
// marker labels follow it, including a language switch while the tour is open.

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

const read = () => document.documentElement.lang || 'en';

export function useDocumentLanguage(): string {
  return useSyncExternalStore(subscribe, read, () => 'en');
}
