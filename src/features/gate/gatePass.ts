import { GATE_PASS_DELAY_MS, GATE_READY_DELAY_MS } from '../../protocol/constants.ts';

/**
 * Section 4, once the gate closes: the screen becomes ready after GATE_READY_DELAY_MS (at once when the app is already
 * ready) and the pass is granted after GATE_PASS_DELAY_MS. Returns a cancel function (the viewer may unmount first).
 */
export function startGatePass(appReady: boolean, on: { screenReady: () => void; passGranted: () => void }): () => void {
  const ready = setTimeout(on.screenReady, appReady ? 0 : GATE_READY_DELAY_MS);
  const granted = setTimeout(on.passGranted, GATE_PASS_DELAY_MS);
  return () => {
    clearTimeout(ready);
    clearTimeout(granted);
  };
}
