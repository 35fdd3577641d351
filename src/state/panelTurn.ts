// Panels of different features take turns (spec section 4: each panel toggles; the guided tours' list must
// not open over the profile panel). One rule instead of special cases: a panel that opens takes the turn, and the
// panel that had it closes itself. Each feature keeps its own open state; this only says who is on.
import { useEffect, useId, useRef } from 'react';
import { proxy, subscribe } from './store.ts';

export const panelTurn = proxy({
  /** The panel open now (an id from usePanelTurn), or null. */
  holder: null as string | null,
});

/** Whether some panel is open: what opens by itself (the profile panel at sign-in) waits rather than replace it. */
export function anyPanelOpen(): boolean {
  return panelTurn.holder !== null;
}

/**
 * While `open`, this panel holds the turn; when another panel takes it, `close` is called (once). Focus is not touched
 * here: the panel that opened has it, and the closing panel gives focus back only if it still had it
 * (useDialogFocus). `key` names the panel where two hooks speak for it: the owner that decides to open a lazy panel
 * claims the turn at once, under the same key as the panel's own dialog once its code has loaded, so a panel the
 * visitor opened meanwhile is not replaced by one that was merely late to arrive.
 */
export function usePanelTurn(open: boolean, close: () => void, key?: string): void {
  const ownId = useId();
  const id = key ?? ownId;
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  }, [close]);
  useEffect(() => {
    if (!open) return undefined;
    panelTurn.holder = id;
    const unsubscribe = subscribe(panelTurn, () => {
      if (panelTurn.holder !== id) {
        unsubscribe();
        closeRef.current();
      }
    });
    return () => {
      unsubscribe();
      if (panelTurn.holder === id) panelTurn.holder = null;
    };
  }, [open, id]);
}
