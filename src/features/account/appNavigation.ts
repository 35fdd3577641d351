/**
 * Moves to another page of the app without reloading it. AppShell routes on popstate, so a pushState followed by a
 * popstate event is a navigation it follows. A reload would be wrong here: until the visitor consents to cookies the
 * session lives in memory only (section 9), and a reload right after signing in would sign them out again.
 */
export function navigateInApp(path: string): void {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** For links: a plain click stays in the app; a modified click (new tab, new window) keeps the browser's meaning. */
export function followInApp(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; preventDefault(): void }, path: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateInApp(path);
}
