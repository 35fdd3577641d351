// What the toolbar button and the pilot layer share (both live in the lazy pilot chunk).
import { proxy } from '../../state/store.ts';

export const pilotUi = proxy({
  /** The pilot list (and, for pilots, the record control) is open. */
  panelOpen: false,
  /** The button shows when the tour has recordings to play or the visitor may record. */
  offered: false,
});
