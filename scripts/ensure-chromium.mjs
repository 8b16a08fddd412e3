#!/usr/bin/env node
// Makes sure Debian's Chromium is there for Playwright (no browser download works on these machines).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium was not found at ${path}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
console.log(`Chromium is missing at ${path}; installing Debian's chromium with apt-get...`);
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
} catch {
  console.error('apt-get could not install chromium. Install it by hand: apt-get install -y chromium');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
