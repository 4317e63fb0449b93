// Launches Debian's Chromium headless through playwright-core, with the flags
// this machine kind needs (root, no network, software WebGL2); no browser is
// ever downloaded. Shared by the browser tests and the benchmarks.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

// Playwright gives each launch a fresh, empty profile directory of its own.
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
