// Types t() keys from the English catalog, the source of truth: a key missing from it is a type error.
// A new namespace gets a line under `resources` and an entry in NAMESPACES (catalogBackend.ts).
import type viewer from '../../../locales/en/viewer.json';
import type markers from '../../../locales/en/markers.json';
import type panels from '../../../locales/en/panels.json';
import type search from '../../../locales/en/search.json';
import type social from '../../../locales/en/social.json';
import type account from '../../../locales/en/account.json';
import type gate from '../../../locales/en/gate.json';
import type analytics from '../../../locales/en/analytics.json';
import type studio from '../../../locales/en/studio.json';
import type studioMarkers from '../../../locales/en/studioMarkers.json';
import type meeting from '../../../locales/en/meeting.json';
import type studioDraft from '../../../locales/en/studioDraft.json';
import type chat from '../../../locales/en/chat.json';
import type pilot from '../../../locales/en/pilot.json';
import type ordering from '../../../locales/en/ordering.json';
import type favourites from '../../../locales/en/favourites.json';
import type lounge from '../../../locales/en/lounge.json';
import type tourRing from '../../../locales/en/tourRing.json';
import type booking from '../../../locales/en/booking.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'viewer';
    keySeparator: false;
    resources: {
      viewer: typeof viewer;
      markers: typeof markers;
      panels: typeof panels;
      search: typeof search;
      social: typeof social;
      account: typeof account;
      gate: typeof gate;
      analytics: typeof analytics;
      studio: typeof studio;
      studioMarkers: typeof studioMarkers;
      meeting: typeof meeting;
      studioDraft: typeof studioDraft;
      chat: typeof chat;
      pilot: typeof pilot;
      ordering: typeof ordering;
      favourites: typeof favourites;
      lounge: typeof lounge;
      tourRing: typeof tourRing;
      booking: typeof booking;
    };
  }
}
