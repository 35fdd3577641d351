import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, iframe, audio[controls], video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * Modal focus handling: moves focus into the dialog, keeps Tab cycling inside it, closes on Escape and gives
 * focus back to whatever had it before (the marker's hotspot button) when the dialog goes away.
 * Not modal (a marker a guided tour opens while the visitor is at the player): focus stays where it is, Tab goes in
 * and out as the page's order says, Escape closes the dialog only from inside it.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, onClose: () => void, modal = true): void {
  // The latest onClose without re-running the effect: a re-run would lose the element to give focus back to
  // (parents pass a new arrow function on every render).
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog;
    if (modal) first.focus();
    const onKey = (event: KeyboardEvent) => {
      if (!modal && !(event.target instanceof Node && dialog.contains(event.target))) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !modal) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === firstItem || document.activeElement === dialog)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    // Focus wandering out (a click on the scene) is pulled back: the dialog is modal.
    const onFocusIn = (event: FocusEvent) => {
      if (modal && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn);
      // Given back only if the dialog still had it (a modeless one may close while the visitor is elsewhere).
      const now = document.activeElement;
      const hadFocus = !now || now === document.body || dialog.contains(now);
      if (hadFocus && before?.isConnected) before.focus();
    };
  }, [ref, modal]);
}
