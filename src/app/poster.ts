// The poster is the first-view cube the server's inline script paints before any bundle runs
// (src/server/http/posterScript.ts). The viewer removes it once the WebGL scene has drawn its own first frame, or
// as soon as anything else (an error screen) has to be seen. The flag stops a late image from painting it at all.
const POSTER_ELEMENT_ID = 'atrium-poster';
const FADE_MS = 250;

export function dismissPoster(): void {
  (window as { __atriumPosterDismissed?: boolean }).__atriumPosterDismissed = true;
  const poster = document.getElementById(POSTER_ELEMENT_ID);
  if (!poster) return;
  poster.style.opacity = '0';
  setTimeout(() => poster.remove(), FADE_MS);
}
