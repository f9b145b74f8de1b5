/**
 * Debian's Chromium as the browser tests start it: driven by playwright-core, which never
 * downloads a browser of its own.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserServer, type LaunchOptions, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

const LAUNCH: LaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** A Chromium of this process's own (the screenshots script). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** A Chromium that the test files connect to over its WebSocket address (test/setup/chromium.ts). */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH);
}
