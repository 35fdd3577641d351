import { useEffect, useRef } from 'react';

/**
 * Focus moves into a dialog when it opens and back to whatever opened it when it closes, so keyboard and screen
 * reader users never lose their place.
 * Returns the ref to put on the dialog's focusable box (tabIndex={-1}).
 */
export function useDialogFocus<T extends HTMLElement>() {
  const box = useRef<T>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    box.current?.focus();
    return () => opener?.focus?.();
  }, []);
  return box;
}
