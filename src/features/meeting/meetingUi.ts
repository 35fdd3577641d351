// What the toolbar button and the meeting layer share (both live in the lazy meeting chunk).
import { proxy } from '../../state/store.ts';

export const meetingUi = proxy({
  /** Null until the server answered: meetings on, and may this visitor host on this tour. */
  availability: null as { enabled: boolean; canHost: boolean } | null,
  menuOpen: false,
});
