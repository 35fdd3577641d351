import { parseConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openRuntime } from './runtime.ts';
import { ensureDemoTour } from './seed/ensureDemoTour.ts';
import { createMailer } from './mail/createMailer.ts';

/** config -> database -> demo tour -> app -> listen; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = parseConfig();
  const runtime = await openRuntime(config);
  const say = (msg: string) => process.stdout.write(`${msg}\n`);
  const demoId = config.demoTour ? await ensureDemoTour(runtime, say) : null;
  const mailer = createMailer(config);
  const app = await buildApp({ config, database: runtime.database, mailer, storage: runtime.storage, tile: runtime.tile });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await mailer.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  say('');
  say(`Atrium is running at ${config.publicUrl}/ (data in ${config.dataDir}, ${runtime.database.dialect})`);
  say(`Mail: ${mailer.description}`);
  if (demoId) say(`Demo tour: ${config.publicUrl}/${demoId}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Atrium could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
