// Resuming a kept session is not needed to paint the first panorama, so it waits for the browser to be idle (after the
// first view's work) and loads the session code only then: the entry bundle stays as it was.
type IdleWindow = Window & { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** Plenty for the first view to start; the timeout makes sure a page that is never idle still restores. */
const IDLE_TIMEOUT_MS = 3000;

/** Schedules restoreSession() once the page is idle; returns a cancel function for effect clean-up. */
export function restoreSessionWhenIdle(win: IdleWindow = window): () => void {
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
