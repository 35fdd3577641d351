// The seam between features and the in-world panel host (see README.md beside this file). UI-free and tiny on
// purpose: any feature's flat-screen chunk imports it to offer an in-world panel, without pulling in three.js,
// uikit or the XR code (the panel's uikit view is a lazy component that loads only when opened in a headset).
import { type ComponentType, createElement, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { XR_MENU_SLOTS, type XRMenuId } from './menuSlots.ts';

/** What the host hands a panel's in-world view. */
export interface XRPanelViewProps<VM> {
  /** The panel's view model: the same data its flat-screen twin renders. */
  vm: VM;
  /** Interface language (BCP 47): pass it to the kit's text components (RTL, CJK variants). */
  lang: string;
  /** Content width in layout pixels (pixelSize 0.001: 1 px = 1 mm in the world). */
  width: number;
  /** Closes the panel (the host's own close button does the same). */
  close: () => void;
}

export interface XRPanelEntry<VM> {
  /** Unique and stable: the menu button's test target is `menu:<id>`. */
  id: string;
  /** Menu position, lower first. Features take it from their slot in menuSlots.ts (useXRPanel). */
  order: number;
  /** The menu icon: an SVG path `d` in a 24 x 24 box (drawn on a canvas, so it needs no font). */
  icon: string;
  /** Panel title, and menu label unless `menuLabel` is given; already in the visitor's language. */
  title: string;
  /**
   * A shorter menu label where the title is long: the menu has room for two or three short lines under each icon in
   * every language (tests/e2e/xr-menu-labels.spec.ts, which reads the keys from menuSlots.ts), a panel's header for a
   * whole sentence.
   */
  menuLabel?: string;
  vm: VM;
  /** The uikit view: a React.lazy component, so its code loads only when the panel opens in VR. */
  View: ComponentType<XRPanelViewProps<VM>>;
  /** Content width in layout pixels (mm). Default 840. */
  width?: number;
}

/** A registered panel as the host sees it (the view model is closed over, so entries of any type list together). */
export interface RegisteredXRPanel {
  id: string;
  order: number;
  icon: string;
  title: string;
  menuLabel: string;
  width: number;
  render: (props: Omit<XRPanelViewProps<unknown>, 'vm'>) => ReactNode;
}

export const DEFAULT_PANEL_WIDTH = 840;

interface RegistryState {
  panels: readonly RegisteredXRPanel[];
  openId: string | null;
}

let state: RegistryState = { panels: [], openId: null };
const listeners = new Set<() => void>();

function update(next: Partial<RegistryState>): void {
  state = { ...state, ...next };
  for (const listener of [...listeners]) listener();
}

/**
 * A panel that left the registry (its feature unmounted) cannot stay open. Checked after the current task, not at
 * once: a feature re-registering with a new view model removes and adds its entry in one React commit.
 */
function closeIfGone(id: string): void {
  queueMicrotask(() => {
    if (state.openId === id && !state.panels.some((p) => p.id === id)) update({ openId: null });
  });
}

function toRegistered<VM>(entry: XRPanelEntry<VM>): RegisteredXRPanel {
  const { id, order, icon, title, menuLabel = title, vm, View, width = DEFAULT_PANEL_WIDTH } = entry;
  return { id, order, icon, title, menuLabel, width, render: (props) => createElement(View, { ...props, vm }) };
}

/**
 * Offers an in-world panel (and its menu entry) until the returned function is called. Registering an id again
 * replaces the entry in place (a new view model, a new title after a language change), keeping it open.
 */
export function registerXRPanel<VM>(entry: XRPanelEntry<VM>): () => void {
  const registered = toRegistered(entry);
  const others = state.panels.filter((p) => p.id !== entry.id);
  update({ panels: [...others, registered].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)) });
  return () => {
    if (!state.panels.includes(registered)) return;
    update({ panels: state.panels.filter((p) => p !== registered) });
    closeIfGone(registered.id);
  };
}

/** A feature's menu entry: one of the menu's slots (menuSlots.ts), which gives its order and its label's key. */
export type XRMenuEntry<VM> = Omit<XRPanelEntry<VM>, 'id' | 'order'> & { id: XRMenuId };

/**
 * React form of registerXRPanel for a feature's (flat-screen) component: offered while mounted and `entry` is
 * not null. Pass a memoised view model: every new object re-registers the panel.
 */
export function useXRPanel<VM>(entry: XRMenuEntry<VM> | null): void {
  const { id, icon, title, menuLabel, vm, View, width } = entry ?? {};
  useEffect(() => {
    if (id === undefined || View === undefined) return undefined;
    return registerXRPanel({ id, order: XR_MENU_SLOTS[id].order, icon: icon ?? '', title: title ?? '', menuLabel, vm: vm as VM, View, width });
  }, [id, icon, title, menuLabel, vm, View, width]);
}

export function openXRPanel(id: string): void {
  if (state.panels.some((p) => p.id === id)) update({ openId: id });
}

export function closeXRPanel(): void {
  if (state.openId !== null) update({ openId: null });
}

/** The open panel's id and every registered panel in menu order, as React state. */
export function useXRPanels(): RegistryState {
  return useSyncExternalStore(subscribe, xrPanelsSnapshot, xrPanelsSnapshot);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The same outside React. */
export function xrPanelsSnapshot(): RegistryState {
  return state;
}
