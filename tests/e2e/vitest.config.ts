import path from 'node:path';
import { defineConfig } from 'vitest/config';

// The browser suite: one real server (npm start's code path, with the demo tour) for the whole run,
// driven by Debian's Chromium through playwright-core. Files run one at a time: SwiftShader keeps both cores busy, and two
// files at a time took as long (2586 s against 2657 s) with more tests needing their retry.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/support/globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
    // On CI a browser test that fails is run once more (two Chromium pages, Janus and SwiftShader sharing two
    // cores make rare timing misses); the flaky report names each one that needed it.
    retry: process.env.CI ? 1 : 0,
    reporters: ['default', './tests/e2e/support/flakyReport.ts'],
  },
});
