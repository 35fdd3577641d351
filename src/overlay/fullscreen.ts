/**
 * Fullscreen with a fallback: iPhone Safari has no Fullscreen API for elements, so the viewer then fills the
 * window itself (a CSS class) and the toolbar still toggles it.
 */
export function fullscreenSupported(doc: Document = document): boolean {
  return typeof doc.documentElement.requestFullscreen === 'function' && doc.fullscreenEnabled !== false;
}

export async function toggleFullscreen(root: HTMLElement, pseudo: { on: boolean; set: (on: boolean) => void }): Promise<void> {
  if (fullscreenSupported()) {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await root.requestFullscreen();
    return;
  }
  pseudo.set(!pseudo.on);
}
