import { parseConfig } from '../server/config.ts';
import { LocalMediaStorage } from '../server/media/localMediaStorage.ts';
import { migrateMedia, type MigrationProgress } from '../server/media/migrateMedia.ts';
import { openMediaStorage } from '../server/media/openMediaStorage.ts';
import { parseArgs } from './args.ts';

const USAGE = 'atrium media migrate --to s3|local [--json]';
const PROGRESS_EVERY_MS = 1000;

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const line = (p: MigrationProgress) => `${p.done}/${p.total} objects: ${p.copied} copied (${megabytes(p.bytesCopied)}), ${p.skipped} already there, ${p.failed} failed`;

/**
 * `atrium media migrate --to s3|local`: copies DATA_DIR/media into the object storage the S3_* variables name, or
 * back. The running server is not stopped: it keeps serving from its store until its configuration switches (README,
 * "Moving media"). Progress goes to stderr about once a second; Ctrl-C stops after the objects in flight, and running
 * the command again resumes (what is already copied and verified is skipped).
 */
export async function mediaCommand(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs(argv, ['to']);
  } catch (e) {
    process.stderr.write(`atrium media: ${(e as Error).message}\nUsage: ${USAGE}\n`);
    return 1;
  }
  const to = args.flags.get('to');
  if (args.positional[0] !== 'migrate' || (to !== 's3' && to !== 'local')) {
    process.stderr.write(`Usage: ${USAGE}\n`);
    return 1;
  }
  const config = parseConfig();
  if (!config.s3) {
    process.stderr.write('atrium media migrate: object storage is not configured: set S3_URL (or S3_BUCKET and the other S3_* variables; see README) for this command, whichever way it copies.\n');
    return 1;
  }
  const local = new LocalMediaStorage(config.mediaDir);
  const s3 = openMediaStorage(config);
  const [from, into] = to === 's3' ? [local, s3] : [s3, local];
  const stop = new AbortController();
  const onSignal = () => {
    process.stderr.write('Stopping after the objects in flight (run the command again to resume)...\n');
    stop.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.stderr.write(`Copying media from ${from.location} to ${into.location}\n`);
  let lastPrint = 0;
  try {
    const report = await migrateMedia(from, into, {
      signal: stop.signal,
      onProgress: (p) => {
        if (p.action === 'failed') process.stderr.write(`  failed: ${p.relative}\n`);
        if (Date.now() - lastPrint < PROGRESS_EVERY_MS) return;
        lastPrint = Date.now();
        process.stderr.write(`  ${line(p)}\n`);
      },
    });
    for (const f of report.failures) process.stderr.write(`  ${f.relative}: ${f.reason}\n`);
    const { failures: _failures, ...summary } = report;
    if (args.flags.get('json') === true) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      process.stdout.write(`${line(report)}.\n`);
      if (report.interrupted) process.stdout.write('Interrupted: run the same command again to copy the rest.\n');
      else if (report.failed === 0) process.stdout.write(`Every object is in ${into.location} and verified.\n`);
    }
    if (report.failed > 0) return 1;
    return report.interrupted ? 130 : 0;
  } catch (error) {
    process.stderr.write(`atrium media migrate: ${(error as Error).message}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    s3.close?.();
  }
}
