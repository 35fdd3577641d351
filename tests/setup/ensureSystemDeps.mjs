#!/usr/bin/env node
// Runs before `npm test`: what the tests use from Debian (a test tool's own browser download cannot work here):
// Chromium and fonts for the browser suite, libvips' `vips` for the tiler's floor, Janus for meetings, the TrueType
// faces the favourites PDF embeds and poppler to read it back, zbar to read the share QR code back. On a fresh
// Debian machine as root it installs what is missing (once); elsewhere it says what to install. .ci/run does the same.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
const installed = (pkg) => {
  try {
    execSync(`dpkg -s ${pkg}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const needs = [
  [fs.existsSync(CHROMIUM), 'chromium'],
  [has('vips'), 'libvips-tools'],
  [has('janus'), 'janus'],
  [has('pdftoppm'), 'poppler-utils'],
  [has('zbarimg'), 'zbar-tools'],
  ...['fonts-noto-core', 'fonts-noto-cjk', 'fonts-noto-color-emoji', 'fonts-nanum', 'fonts-droid-fallback'].map((pkg) => [!fs.existsSync('/usr/bin/dpkg') || installed(pkg), pkg]),
];
const missing = needs.filter(([ok]) => !ok).map(([, pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
  console.log(`Installing what the tests use from Debian (once): ${missing.join(' ')}`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
  process.exit(0);
}
console.error(`The tests need these Debian packages: ${missing.join(' ')} (sudo apt-get install ${missing.join(' ')}). Chromium elsewhere: set CHROMIUM_PATH.`);
process.exit(1);
