#!/usr/bin/env -S MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072 MALLOC_MMAP_THRESHOLD_=524288 node
// Memory, for `atrium tile` and `atrium import` (libvips through sharp): glibc gives each thread that allocates its own
// malloc arena and keeps what they free, so libvips' threads held 30-60 MB they no longer used; two arenas, trimmed back
// to the system past 128 kB free (which also stops glibc from raising its mmap threshold), keep the process near what
// it uses (8K source: 180 -> 140 MB). Setting the trim threshold also pins glibc's mmap threshold at 128 kB, so every
// block of 128-512 kB that libvips and sharp took was a fresh mmap, its pages faulted in and zeroed by the kernel each
// time; at 512 kB those blocks are reused from the two arenas. Three series of 8-12 paired runs of an 8K job: wall
// 0.90-0.93x, CPU 0.89-0.92x, peak +3-5 MB (1 MB and more: no faster, up to +15 MB). Measured with
// `npm run bench:tiles`, which runs this file as the installed command does; `node src/cli/atrium.mjs` skips this line.
// The `atrium` command. Atrium runs its TypeScript sources directly through tsx's loader, so there is no separate
// server build to forget; this shim registers the loader and hands over to main.ts. `atrium tile` runs from a bundle
// instead (server/codeBundle.mjs): a tiling job is measured against libvips' own tool, start-up included.
const [command, ...rest] = process.argv.slice(2);
let tile;
if (command === 'tile') {
  // V8 doubles its young generation (1 MB at the start, up to 16 MB a half) while many objects survive a collection,
  // as sharp's pipelines do while they encode; the tiler's short-lived objects fit the first size. Not doubling, an 8K
  // job peaked 6 MB lower for the same wall and CPU time (8 paired runs). The flag is read at each growth, so it can be
  // set now; the process is this command's alone (the server's default, where long answers do need the room, is
  // untouched).
  (await import('node:v8')).setFlagsFromString('--semi-space-growth-factor=1');
  tile = await (await import('../server/codeBundle.mjs')).importBundled('tile', 'src/cli/tileCommand.ts');
}
if (tile) {
  process.exitCode = await tile.tileCommand(rest);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { run } = await import('./main.ts');
  process.exitCode = await run(process.argv.slice(2));
}
