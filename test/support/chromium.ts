import { existsSync } from 'node:fs';

/** Debian's Chromium, which `.ci/run` installs; browser tests need it. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless run as root on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether to skip browser tests: only outside CI, when Chromium is missing (CI installs it, so
 * there a missing browser fails the test instead of hiding it).
 */
export function skipWithoutBrowser(): boolean {
  if (existsSync(CHROMIUM)) return false;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: .ci/run installs Debian's chromium`);
  console.warn(`browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
  return true;
}
