/** What the viewer needs from the browser; checked before anything heavy loads. */
export type Capability = 'ok' | 'unsupported-browser';

/**
 * The APIs the viewer cannot run without. WebGL is not probed here: a probe context costs the page 35-100 ms of its
 * main thread on a phone (created, then lost) while the first view loads, and it cannot promise the scene a context
 * anyway (a blocklisted GPU refuses the scene's own). The scene reports a refused context as its 'no-webgl' failure,
 * and the viewer then says so and keeps everything else working (scene/sceneFailure.ts).
 */
export function checkCapabilities(win: Window = window): Capability {
  const needed = ['fetch', 'Promise', 'Worker', 'createImageBitmap', 'URLSearchParams', 'AbortController'];
  return needed.some((name) => !(name in win)) ? 'unsupported-browser' : 'ok';
}
