// The poster is the first-view cube the server's inline script paints before any bundle runs, with the first
// view's tiles at the level the screen needs painted over it as they arrive (src/server/http/posterScript.ts).
// The viewer takes it away once the WebGL scene shows as much, or as soon as anything else (an error screen) has to
// be seen. The flag stops a late image from painting it at all.
const POSTER_ELEMENT_ID = 'atrium-poster';
const FADE_MS = 250;
/** A poster with sharp tiles waits this long at most for the scene to be as sharp. */
const SHARP_HOLD_MS = 3000;

interface PosterWindow {
  __atriumPosterDismissed?: boolean;
  __atriumPosterTiles?: object;
}

let holding: (() => void) | null = null;
let sceneSharp = false;

export function dismissPoster(): void {
  holding?.();
  (window as PosterWindow).__atriumPosterDismissed = true;
  const poster = document.getElementById(POSTER_ELEMENT_ID);
  if (!poster) return;
  poster.style.opacity = '0';
  setTimeout(() => poster.remove(), FADE_MS);
}

/**
 * The scene has drawn its first frame: the tiny cube, the same picture as a poster without tiles, which then goes
 * at once. A poster that shows (or is fetching) the sharp tiles stays until the scene has them too (posterSceneSharp),
 * so the hand-over is not a step back to blur; the visitor's first touch, wheel or key, or SHARP_HOLD_MS, ends the
 * wait, since the poster does not follow the camera.
 */
export function handOverPoster(viewer: HTMLElement | null = null): void {
  const sharpPoster = (window as PosterWindow).__atriumPosterTiles !== undefined && document.getElementById(POSTER_ELEMENT_ID);
  if (!sharpPoster || sceneSharp) {
    dismissPoster();
    return;
  }
  if (holding) return;
  // While it waits, the viewer's controls show and work: the poster moves down to just above the scene's canvas,
  // below everything the viewer draws over the scene (it stays fixed to the screen, so its picture does not move).
  const scene = viewer?.querySelector(':scope > [data-testid="panorama-scene"]');
  if (scene) {
    sharpPoster.style.zIndex = '0';
    scene.after(sharpPoster);
  }
  const events = ['pointerdown', 'wheel', 'keydown'] as const;
  const timer = setTimeout(dismissPoster, SHARP_HOLD_MS);
  holding = () => {
    holding = null;
    clearTimeout(timer);
    for (const type of events) window.removeEventListener(type, dismissPoster, true);
  };
  for (const type of events) window.addEventListener(type, dismissPoster, true);
}

/** The scene shows every visible tile at the level it wants: the poster has nothing more to give. */
export function posterSceneSharp(): void {
  sceneSharp = true;
  if (holding) dismissPoster();
}
