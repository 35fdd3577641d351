#!/usr/bin/env node
// The `atrium` command. Atrium runs its TypeScript sources directly through tsx's loader, so there is
// no separate server build to forget; this shim registers the loader and hands over to main.ts.
import { register } from 'tsx/esm/api';

register();
const { run } = await import('./main.ts');
process.exitCode = await run(process.argv.slice(2));
