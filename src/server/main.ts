import path from 'node:path';
import { parseConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openRuntime } from './runtime.ts';
import { ensureDemoTour } from './seed/ensureDemoTour.ts';
import { createMailer } from './mail/createMailer.ts';
import { startMeetingMedia } from './janus/startMeetingMedia.ts';
import { forgetServerUrl, listeningUrl, recordServerUrl } from './serverAddress.ts';
import { serverSecret } from './serverSecret.ts';
import { clientBuilt } from './clientBuild.ts';
import { startTileWorker } from './tileWorker.ts';
import { useProcessScratch } from './processScratch.ts';
import type { Config } from './config.ts';
import type { Runtime } from './runtime.ts';

/** config -> database -> demo tour -> app -> listen; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = parseConfig();
  // Before anything makes a temporary file: this process's own folder for them, and what killed ones left removed.
  const scratch = useProcessScratch(config.dataDir);
  const runtime = await openRuntime(config);
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  if (runtime.swept.removed.length > 0) say(`Media: removed ${runtime.swept.removed.length} leftovers of unfinished tilings and imports`);
  if (scratch.swept.length > 0) say(`Temporary files: removed what ${scratch.swept.length} stopped process(es) left in ${path.dirname(scratch.dir)}`);
  if (config.role === 'worker') return runWorker(config, runtime, say, scratch.remove);
  const demoId = config.demoTour ? await ensureDemoTour(runtime, say) : null;
  const mailer = createMailer(config);
  // Janus: JANUS_URL, or a child process of our own when the binary is installed, or meetings off.
  const meetingMedia = await startMeetingMedia(config);
  await clientBuilt(); // npm start builds the client meanwhile (start.ts)
  const app = await buildApp({ config, database: runtime.database, mailer, storage: runtime.storage, tile: runtime.tile, meetingMedia: meetingMedia.media, ordering: { config: config.ordering },
    secret: serverSecret(config.serverSecret, config.dataDir) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    forgetServerUrl(config.dataDir);
    await app.close();
    await meetingMedia.close();
    await mailer.close();
    await runtime.close();
    scratch.remove();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const url = listeningUrl(config, typeof address === 'object' && address ? address.port : config.port);
  recordServerUrl(config.dataDir, url);
  say('');
  say(`Atrium is running at ${url}/ (data in ${config.dataDir}, ${runtime.database.dialect})`);
  say(`Mail: ${mailer.description}`);
  say(`Media: ${runtime.storage.kind === 'local' ? 'local disk' : 'object storage'} ${runtime.storage.location}${config.s3 ? ` (served by ${config.s3.serve})` : ''}`);
  say(meetingMedia.summary);
  say(config.ordering ? `Wholesale ordering: ${Object.keys(config.ordering.services).join(' and ')}` : 'Wholesale ordering: off (set ORDERING_CLIENT_ID and the platform addresses to turn it on)');
  say(tilingSummary(config));
  if (demoId) say(`Demo tour: ${url}/${demoId}`);
}

function tilingSummary(config: Config): string {
  if (!config.redisUrl) return `Tiling: in this process (${config.tileConcurrency} at a time)`;
  // The namespace is named so an operator running two installations on one Redis can check they differ.
  const queue = `${config.tileQueue.name}, Redis prefix ${config.redisPrefix}`;
  return config.role === 'web'
    ? `Tiling: queued on Redis (${queue}) for worker processes; this one does not tile`
    : `Tiling: shared queue on Redis (${queue}), this process takes ${config.tileConcurrency} job(s) at a time`;
}

/** ROLE=worker: no site, no demo tour, no client build; tiling jobs from the shared queue and /healthz. */
async function runWorker(config: Config, runtime: Runtime, say: (msg: string) => void, removeScratch: () => void): Promise<void> {
  const worker = await startTileWorker(config, runtime);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await worker.close();
    await runtime.close();
    removeScratch();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await worker.health.listen({ port: config.port, host: config.host });
  const address = worker.health.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say('');
  say(`Atrium tile worker is running (GET http://${config.host}:${port}/healthz; data in ${config.dataDir}, ${runtime.database.dialect})`);
  say(tilingSummary(config));
}

main().catch((error: unknown) => {
  process.stderr.write(`Atrium could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
