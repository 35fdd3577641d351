import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAtriumServer, type AtriumServer } from '../../support/atriumServer.ts';
import { seedAvailability, type SeededTours } from './seedAvailability.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoTourId: string;
    seeded: SeededTours;
  }
}

let server: AtriumServer | undefined;
let dataDir: string | undefined;

/**
 * Starts the real server on an empty data folder, as `npm start` does, and seeds the availability cases.
 * ATRIUM_E2E_CLIENT_DIR points at another build (`vite build --outDir ...`), so parallel work never rebuilds dist/ under a running suite.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  server = await startAtriumServer({ repoRoot: process.cwd(), dataDir, clientDir: path.resolve(process.env.ATRIUM_E2E_CLIENT_DIR ?? 'dist') });
  project.provide('baseUrl', server.baseUrl);
  project.provide('demoTourId', server.demoTourId);
  project.provide('seeded', seedAvailability(dataDir, server.demoTourId));
}

export async function teardown(): Promise<void> {
  server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
