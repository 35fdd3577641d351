// The in-world menu's one list: every panel a feature can offer there, its place in the menu and the catalog key its
// menu label is translated from. Plain data (no React, no uikit) so that tests/e2e/xr-menu-labels.spec.ts can import
// it and measure every label in every language: a panel cannot join the menu without a slot here (useXRPanel takes
// only these ids), so it cannot join unmeasured.

/** 'namespace:key' in locales/<lang>/<namespace>.json. */
export type CatalogKey = `${string}:${string}`;

export interface XRMenuSlot {
  /** Menu position, lower first. */
  order: number;
  /** The key the entry's menu label (its menuLabel, else its title) is translated from. */
  label: CatalogKey;
}

export const XR_MENU_SLOTS = {
  info: { order: 10, label: 'panels:info.title' },
  building: { order: 12, label: 'panels:building.title' },
  owner: { order: 14, label: 'panels:owner.title' },
  panoramas: { order: 20, label: 'viewer:panorama-list.title' },
  floorplan: { order: 30, label: 'panels:floorplan.title' },
  search: { order: 40, label: 'search:search.title' },
  comments: { order: 50, label: 'social:comments.title' },
  share: { order: 60, label: 'panels:share.title' },
  theme: { order: 65, label: 'panels:theme.title' },
  favourites: { order: 70, label: 'favourites:favourites.title' },
  // The panel's title is the week's heading; the menu says what the button opens.
  booking: { order: 72, label: 'booking:calendar.open' },
  call: { order: 74, label: 'tourRing:dial.title' },
  meeting: { order: 80, label: 'meeting:panel.title' },
  lounge: { order: 82, label: 'lounge:lounge.title' },
  pilot: { order: 84, label: 'pilot:list.title' },
  chat: { order: 88, label: 'chat:chat.title' },
  music: { order: 90, label: 'panels:music.title' },
} as const satisfies Record<string, XRMenuSlot>;

export type XRMenuId = keyof typeof XR_MENU_SLOTS;

/** The menu's own last button (host/XRMenu), after every panel. */
export const XR_MENU_EXIT_LABEL: CatalogKey = 'viewer:toolbar.exit-vr';
