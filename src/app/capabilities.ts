/** What the viewer needs from the browser; checked before anything heavy loads. */
export type Capability = 'ok' | 'unsupported-browser' | 'no-webgl';

export function checkCapabilities(win: Window = window): Capability {
  const needed = ['fetch', 'Promise', 'Worker', 'createImageBitmap', 'URLSearchParams', 'AbortController'];
  if (needed.some((name) => !(name in win))) return 'unsupported-browser';
  try {
    const canvas = win.document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return 'no-webgl';
    // Free the probe context at once: browsers cap live contexts and the scene needs its own.
    (gl as WebGLRenderingContext).getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    return 'no-webgl';
  }
  return 'ok';
}
