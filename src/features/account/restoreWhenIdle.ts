import { keptSessionToken } from './sessionToken.ts';

// Resuming a kept session is not needed to paint the first panorama, so it waits for the browser to be idle (after the
// first view's work) and loads the session code only then: the entry bundle stays as it was. A visitor with no kept
// session (most of them) loads nothing: the session code and its schemas (30 kB) would otherwise arrive, and run, on
// a phone while the scene's code is still on its way.
type IdleWindow = Window & { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** Plenty for the first view to start; the timeout makes sure a page that is never idle still restores. */
const IDLE_TIMEOUT_MS = 3000;

/** Schedules restoreSession() once the page is idle; returns a cancel function for effect clean-up. */
export function restoreSessionWhenIdle(win: IdleWindow = window, hasKeptSession: () => boolean = () => keptSessionToken() !== null): () => void {
  if (!hasKeptSession()) return () => undefined;
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    void import('./session.ts').then((session) => (cancelled ? null : session.restoreSession()));
  };
  if (win.requestIdleCallback) {
    const id = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => { cancelled = true; win.cancelIdleCallback?.(id); };
  }
  const timer = win.setTimeout(run, 1);
  return () => { cancelled = true; win.clearTimeout(timer); };
}
