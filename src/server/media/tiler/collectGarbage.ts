import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * V8's full collection, for the tiler's buffers that V8 counts only as external memory and would collect late (see
 * equirectPipeline.ts). A process started with --expose-gc has gc() already; any other (the atrium command, `npm start`,
 * the server under a test runner) gets it from a new context made while the flag is briefly set, as jest's leak
 * detector does: the flag applies only to contexts made while it is on, so no other code sees a global gc.
 */
export function collectGarbage(): void {
  gc ??= (globalThis as { gc?: () => void }).gc ?? exposedGc();
  gc?.();
}

function exposedGc(): (() => void) | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
