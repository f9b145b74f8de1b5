/**
 * vitest globalSetup of the browser tests: one Chromium for the run, started before the first
 * browser test file and closed after the last. Each file connects to it (useChromium in
 * test/browser/support.ts) and gets contexts of its own, so files share the browser process
 * but no page, cookie or storage. Without Chromium nothing is started and the tests skip.
 */
import type { TestProject } from 'vitest/node';
import { HAVE_CHROMIUM, launchChromiumServer } from '../browser/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket address of the run's Chromium, or '' when there is none. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!HAVE_CHROMIUM) {
    project.provide('chromiumEndpoint', '');
    return undefined;
  }
  const server = await launchChromiumServer();
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
