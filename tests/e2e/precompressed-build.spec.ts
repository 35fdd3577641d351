import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The build's .br and .gz files (vite.config.ts, precompressed), which the server sends as they are (clientFiles.ts).
// Reads the build that `npm run test:e2e` makes first (or ATRIUM_E2E_CLIENT_DIR's); needs no browser.
const distDir = path.resolve(process.env.ATRIUM_E2E_CLIENT_DIR ?? 'dist');
const files = fs.readdirSync(distDir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(path.sep).join('/'));
const isVariant = (file: string) => file.endsWith('.br') || file.endsWith('.gz');

describe('the build\'s precompressed files', () => {
  it('are written beside the larger scripts', () => {
    const scripts = files.filter((file) => file.startsWith('assets/') && file.endsWith('.js'));
    const largest = scripts.reduce((a, b) => (fs.statSync(path.join(distDir, a)).size >= fs.statSync(path.join(distDir, b)).size ? a : b));
    expect(files).toContain(`${largest}.br`);
    expect(files).toContain(`${largest}.gz`);
  });

  it('leave out .vite/, the server\'s own files that no browser is sent', () => {
    expect(files).toContain('.vite/manifest.json');
    expect(files.filter((file) => file.startsWith('.vite/') && isVariant(file))).toEqual([]);
  });
});
