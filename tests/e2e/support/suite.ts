import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser.ts';

/** Where specs save their screenshots. */
export const SHOTS = path.resolve('test-results/e2e');

export type PageOptions = Parameters<typeof newPage>[1];

export interface BrowserSuite {
  /** The suite's Chromium (launched in beforeAll). */
  readonly browser: Browser;
  /** A page in a fresh context, closed after the test whatever happens. */
  pageFor(opts?: PageOptions): Promise<{ page: Page; context: BrowserContext }>;
}

/**
 * One Chromium per spec file, a fresh context per page, every context closed after its test: a failed test must
 * not leave its page rendering, or SwiftShader would starve the next test. Call inside describe(); extraArgs are
 * more Chromium flags (the meeting specs' fake camera and microphone).
 */
export function browserSuite(extraArgs: string[] = []): BrowserSuite {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser(extraArgs);
  });
  afterAll(async () => browser?.close());
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    async pageFor(opts = {}) {
      const made = await newPage(this.browser, opts);
      contexts.push(made.context);
      return made;
    },
  };
}

/**
 * Letters and digits no earlier attempt used, for the ids, numbers and texts a test writes: CI runs a failed test once
 * more on the same server and database, and the retry must not meet what the failed attempt left.
 */
export function attemptTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** An address no earlier attempt used: a test that signs up must not meet its own account from the failed attempt. */
export function freshEmail(name: string): string {
  return `${name}-${attemptTag()}@example.test`;
}
