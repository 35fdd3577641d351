// Types t() keys from the English catalog, the source of truth: a key missing from it is a type error.
// A new namespace gets a line under `resources` and an entry in NAMESPACES (catalogBackend.ts).
import type viewer from '../../../locales/en/viewer.json';
import type markers from '../../../locales/en/markers.json';
import type panels from '../../../locales/en/panels.json';
import type search from '../../../locales/en/search.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'viewer';
    keySeparator: false;
    resources: {
      viewer: typeof viewer;
      markers: typeof markers;
      panels: typeof panels;
      search: typeof search;
    };
  }
}
