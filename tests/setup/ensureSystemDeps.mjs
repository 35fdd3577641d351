#!/usr/bin/env node
// Runs before `npm test`: the browser suite needs Debian's Chromium (a test tool's own browser download
// cannot work here). On a fresh Debian machine as root it installs it; elsewhere it says what to install.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Installing Chromium from Debian for the browser tests (once)...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji', { stdio: 'inherit' });
  process.exit(0);
}
console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
process.exit(1);
