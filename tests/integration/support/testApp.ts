import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../../src/server/app.ts';
import type { DatabaseHandle } from '../../../src/server/db/database.ts';
import type { Mailer } from '../../../src/server/mail/mailer.ts';

export interface TestApp {
  app: FastifyInstance;
  mediaDir: string;
  clientDir: string;
  cleanup(): Promise<void>;
}

/** The real app over a test database, with temporary media and client folders; never listens. */
export async function createTestApp(database: DatabaseHandle, opts: { withClient?: boolean; before?: (app: FastifyInstance) => void; onRoute?: AppDeps['onRoute']; mailer?: Mailer; clock?: () => number; config?: Partial<AppDeps['config']>; ordering?: AppDeps['ordering']; meetingMedia?: AppDeps['meetingMedia']; storage?: AppDeps['storage']; secret?: AppDeps['secret']; attemptStore?: AppDeps['attemptStore'] } = {}): Promise<TestApp> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-app-'));
  const mediaDir = path.join(root, 'media');
  const clientDir = path.join(root, 'client');
  if (opts.withClient) {
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Atrium test client</title></head><body></body></html>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("hi")'.repeat(200));
  }
  const app = await buildApp({ config: { mediaDir, clientDir, logLevel: 'silent', ...opts.config }, database, logger: false, onRoute: opts.onRoute, mailer: opts.mailer, clock: opts.clock, ordering: opts.ordering, meetingMedia: opts.meetingMedia, storage: opts.storage, secret: opts.secret, attemptStore: opts.attemptStore });
  opts.before?.(app);
  await app.ready();
  return {
    app,
    mediaDir,
    clientDir,
    cleanup: async () => {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
