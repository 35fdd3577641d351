import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAtriumServer, type AtriumServer } from '../../support/atriumServer.ts';
import { seedAvailability, type SeededTours } from './seedAvailability.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { seedGate, type GateTours } from './seedGate.ts';
import { seedAnalytics, type AnalyticsSeed } from './seedAnalytics.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoTourId: string;
    seeded: SeededTours;
    /** Where the SMTP sink writes every message the server sends, as <n>-<recipient>.eml. */
    mailDir: string;
    gateTours: GateTours;
    analytics: AnalyticsSeed;
  }
}

let server: AtriumServer | undefined;
let dataDir: string | undefined;
let smtp: SmtpSink | undefined;

/**
 * Starts the real server on an empty data folder, as `npm start` does, and seeds the availability cases.
 * ATRIUM_E2E_CLIENT_DIR points at another build (`vite build --outDir ...`), so parallel work never rebuilds dist/ under a running suite.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  // A real SMTP server receives the visitor gate's mail; spec files read the saved messages from mailDir.
  const mailDir = path.join(dataDir, 'received-mail');
  smtp = await startSmtpSink({ saveDir: mailDir });
  server = await startAtriumServer({
    repoRoot: process.cwd(), dataDir, clientDir: path.resolve(process.env.ATRIUM_E2E_CLIENT_DIR ?? 'dist'), env: { SMTP_URL: smtp.url },
  });
  project.provide('mailDir', mailDir);
  project.provide('baseUrl', server.baseUrl);
  project.provide('demoTourId', server.demoTourId);
  project.provide('seeded', seedAvailability(dataDir, server.demoTourId));
  project.provide('gateTours', seedGate(dataDir, server.demoTourId));
  project.provide('analytics', seedAnalytics(dataDir, server.demoTourId));
}

export async function teardown(): Promise<void> {
  server?.stop();
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
