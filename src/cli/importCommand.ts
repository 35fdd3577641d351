import { parseConfig } from '../server/config.ts';
import { openRuntime } from '../server/runtime.ts';
import { importTour } from '../server/import/importTour.ts';
import { runningServerUrl, tourBaseUrl } from '../server/serverAddress.ts';
import { parseArgs } from './args.ts';

/**
 * `atrium import <image|folder> [--name N] [--owner USER] [--json]`
 * Progress goes to stderr; with --json the last stdout line is {"buildingId": ..., "url": ...}. The url is on
 * PUBLIC_URL or PORT when set, else on the server running on this DATA_DIR, else on the default port.
 */
export async function importCommand(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs(argv, ['name', 'owner']);
  } catch (e) {
    process.stderr.write(`atrium import: ${(e as Error).message}\n`);
    return 1;
  }
  const [source] = args.positional;
  if (!source) {
    process.stderr.write('atrium import: give an image or a folder, e.g. atrium import ./my-tour\n');
    return 1;
  }
  const json = args.flags.get('json') === true;
  const name = args.flags.get('name');
  const owner = args.flags.get('owner');
  const config = parseConfig();
  const runtime = await openRuntime(config);
  try {
    const started = Date.now();
    let last = '';
    const { buildingId, panoramaIds } = await importTour(runtime, source, {
      ...(typeof name === 'string' ? { name } : {}),
      ...(typeof owner === 'string' ? { owner: { username: owner, headquarterTitle: `${owner}'s tours` } } : {}),
      onProgress: (p) => {
        const line = `[${p.panorama}/${p.of}] ${p.name}: ${p.stage} ${p.done}/${p.total}`;
        if (line !== last) process.stderr.write(`${line}\n`);
        last = line;
      },
    });
    const url = `${tourBaseUrl(config)}/${buildingId}`;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (json) process.stdout.write(`${JSON.stringify({ buildingId, url })}\n`);
    else {
      process.stdout.write(`Imported ${panoramaIds.length} panorama(s) in ${seconds} s.\nTour: ${url}\n`);
      if (!config.addressConfigured && !runningServerUrl(config.dataDir)) process.stdout.write('(no server is running on this data folder: start one with npm start)\n');
    }
    return 0;
  } catch (error) {
    process.stderr.write(`atrium import: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await runtime.close();
  }
}
