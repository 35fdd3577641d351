#!/usr/bin/env node
// The `atrium` command. Atrium runs its TypeScript sources directly through tsx's loader, so there is no separate
// server build to forget; this shim registers the loader and hands over to main.ts. `atrium tile` runs from a bundle
// instead (server/codeBundle.mjs): a tiling job is measured against libvips' own tool, start-up included.
const [command, ...rest] = process.argv.slice(2);
const tile = command === 'tile' ? await (await import('../server/codeBundle.mjs')).importBundled('tile', 'src/cli/tileCommand.ts') : undefined;
if (tile) {
  process.exitCode = await tile.tileCommand(rest);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { run } = await import('./main.ts');
  process.exitCode = await run(process.argv.slice(2));
}
