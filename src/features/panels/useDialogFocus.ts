import { useEffect, useRef } from 'react';
import { usePanelTurn } from '../../state/panelTurn.ts';

const nothing = () => {};

/**
 * Focus moves into a dialog when it opens and back to whatever opened it when it closes, so keyboard and screen
 * reader users never lose their place. Given `onClose`, the dialog also takes its turn among the viewer's panels
 * (state/panelTurn.ts): opening it closes the panel that was open, and another panel opening closes it (`turnKey`:
 * the key its owner claimed the turn under, see usePanelTurn).
 * Returns the ref to put on the dialog's focusable box (tabIndex={-1}).
 */
export function useDialogFocus<T extends HTMLElement>(onClose?: () => void, turnKey?: string) {
  const box = useRef<T>(null);
  usePanelTurn(onClose !== undefined, onClose ?? nothing, turnKey);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = box.current;
    dialog?.focus();
    return () => {
      // Closed because another panel opened: that panel has focus now and keeps it.
      const now = document.activeElement;
      if (!now || now === document.body || dialog?.contains(now)) opener?.focus?.();
    };
  }, []);
  return box;
}
