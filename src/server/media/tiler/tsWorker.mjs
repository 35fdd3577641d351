// Worker-thread entry that runs a TypeScript module (workerData.tsEntry, a file URL).
// Why: on Node 20 a worker cannot load a .ts entry itself, not even when the parent runs under
// `node --import tsx` (the loader hooks do not reach the worker's entry), and Vitest's transform does
// not reach workers at all. tsx's tsImport registers its loader for this one import and works in all
// three cases (tsx, node --import tsx, vitest). It costs about 100 ms per worker start.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.tsEntry, import.meta.url);
