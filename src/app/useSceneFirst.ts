import { useEffect, useState } from 'react';

/**
 * How long the viewer's other lazy chunks wait at most for the scene's first frame. On the phone profile the demo
 * tour's scene draws at ~2.3 s; past this the scene is slow for a reason holding them back would not cure.
 */
export const SCENE_FIRST_HOLD_MS = 5000;

/**
 * True once the WebGL scene has drawn its first frame (or failed: its error path), or after SCENE_FIRST_HOLD_MS.
 * Until then the viewer mounts no lazy feature chunk (panels, menus, toolbar buttons, social, meeting, chat, ...): on
 * HTTP/1.1's six connections they would queue the scene's own files behind them, while the poster already shows the
 * panorama. Past it they mount whatever the scene does: none of them needs it.
 */
export function useSceneFirst(settled: boolean, holdMs = SCENE_FIRST_HOLD_MS): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setExpired(true), holdMs);
    return () => clearTimeout(timer);
  }, [settled, holdMs]);
  return settled || expired;
}
