import { parentPort, workerData } from 'node:worker_threads';
import type { TileJobData, TileJobMessage } from './tileJobMessages.ts';
import { TileInputError } from './tileInputError.ts';
import { tilePanorama } from './tilePanorama.ts';

// Runs one tilePanorama in this worker thread (started by runTileJob) and reports back.
const port = parentPort!;
const { input, outDir, limits } = workerData as TileJobData;
const send = (message: TileJobMessage) => port.postMessage(message);

try {
  const manifest = await tilePanorama(input, outDir, { limits, onProgress: (progress) => send({ type: 'progress', progress }) });
  send({ type: 'done', manifest });
} catch (error) {
  const err = error instanceof Error ? error : new Error(String(error));
  send({
    type: 'error',
    error: { message: err.message, code: err instanceof TileInputError ? err.code : undefined, stack: err.stack },
  });
}
