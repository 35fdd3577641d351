import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAtriumServer, type AtriumServer } from '../../support/atriumServer.ts';
import { seedAvailability, type SeededTours } from './seedAvailability.ts';
import { startSmtpSink, type SmtpSink } from '../../support/smtpSink.ts';
import { seedGate, type GateTours } from './seedGate.ts';
import { seedAnalytics, type AnalyticsSeed } from './seedAnalytics.ts';
import { E2E_MEETING_WINDOW_SECONDS, seedMeeting, type MeetingSeed } from './seedMeeting.ts';
import { E2E_PILOT_LIMIT_SECONDS } from './seedPilot.ts';
import { seedOrdering, type OrderingSeed } from './seedOrdering.ts';
import { FAKE_CLIENT_ID, startOrderingPlatform, type FakePlatform } from '../../fakes/orderingPlatform/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoTourId: string;
    seeded: SeededTours;
    /** Where the SMTP sink writes every message the server sends, as <n>-<recipient>.eml. */
    mailDir: string;
    gateTours: GateTours;
    analytics: AnalyticsSeed;
    meeting: MeetingSeed;
    ordering: OrderingSeed;
  }
}

let server: AtriumServer | undefined;
let dataDir: string | undefined;
let smtp: SmtpSink | undefined;
let platform: FakePlatform | undefined;

/**
 * Starts the real server on an empty data folder, as `npm start` does, and seeds the availability cases.
 * ATRIUM_E2E_CLIENT_DIR points at another build (`vite build --outDir ...`), so parallel work never rebuilds dist/ under a running suite.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
  // A real SMTP server receives the visitor gate's mail; spec files read the saved messages from mailDir.
  const mailDir = path.join(dataDir, 'received-mail');
  smtp = await startSmtpSink({ saveDir: mailDir });
  // The fake wholesale ordering platform (production and staging hosts); the server is pointed at it by its env.
  platform = await startOrderingPlatform();
  server = await startAtriumServer({
    repoRoot: process.cwd(), dataDir, clientDir: path.resolve(process.env.ATRIUM_E2E_CLIENT_DIR ?? 'dist'), env: {
      SMTP_URL: smtp.url,
      // Every spec signs its people up from this one address; the suite makes more than the default 20 in 10 minutes.
      SIGNUP_LIMIT: '1000',
      MEETING_HOST_ABSENCE_SECONDS: String(E2E_MEETING_WINDOW_SECONDS), MEETING_RECONNECT_SECONDS: String(E2E_MEETING_WINDOW_SECONDS),
      // Guided-tour recordings are limited to 5 minutes instead of 10 (configuration, not code): pilot.spec checks the limit the server announces.
      PILOT_RECORDING_LIMIT_SECONDS: String(E2E_PILOT_LIMIT_SECONDS),
      ...platform.atriumEnv(),
    },
  });
  project.provide('mailDir', mailDir);
  project.provide('baseUrl', server.baseUrl);
  project.provide('demoTourId', server.demoTourId);
  project.provide('seeded', seedAvailability(dataDir, server.demoTourId));
  project.provide('gateTours', seedGate(dataDir, server.demoTourId));
  project.provide('analytics', seedAnalytics(dataDir, server.demoTourId));
  project.provide('meeting', seedMeeting(dataDir, server.demoTourId));
  project.provide('ordering', seedOrdering(dataDir, server.demoTourId, { platformUrl: platform.production.apiUrl, clientId: FAKE_CLIENT_ID }));
}

export async function teardown(): Promise<void> {
  // What the server warned about is often the reason a spec failed (a refused media request, a dropped Janus):
  // shown after the run, so a failure in CI can be explained without running it again.
  const printed = server?.recentOutput().split('\n').filter((line) => line.startsWith('{') || /error|warn/i.test(line)) ?? [];
  if (printed.length > 0) console.warn(`The e2e server's warnings and errors (last ${Math.min(printed.length, 60)} lines):\n${printed.slice(-60).join('\n')}`);
  // The pages run under the real Content-Security-Policy: anything it refused during the run fails the run.
  const violations = server?.cspViolations() ?? [];
  server?.stop();
  await smtp?.close();
  await platform?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (violations.length > 0) throw new Error(`The browsers reported ${violations.length} Content-Security-Policy violations:\n${violations.slice(0, 20).join('\n')}`);
}
