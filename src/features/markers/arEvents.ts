// The AR view (arMakerTag) announces itself so that the host page (or an embedding site) can pause music, log, etc.
// Events on window:
//   'atrium:ar-open'  detail { markerId, url }  when the AR view opens
//   'atrium:ar-close' detail { markerId, url }  when it closes
// Per the spec it opens only if not already active: a second open while one is showing is ignored.

export interface ArEventDetail {
  markerId: string;
  url: string;
}

let active: string | null = null;

/** Marks the AR view open and announces it; false (and no event) when one is already active. */
export function openArView(detail: ArEventDetail): boolean {
  if (active !== null) return false;
  active = detail.markerId;
  window.dispatchEvent(new CustomEvent<ArEventDetail>('atrium:ar-open', { detail }));
  return true;
}

export function closeArView(detail: ArEventDetail): void {
  if (active !== detail.markerId) return;
  active = null;
  window.dispatchEvent(new CustomEvent<ArEventDetail>('atrium:ar-close', { detail }));
}
