/**
 * vitest globalSetup for docs/examples: the "isolated sandbox over HTTP" example talks to a
 * running sandbox at SANDBOX_URL, as a CI job's service container would be. Unless one is
 * given, a sandbox is started here on a free port (test workers inherit the variable).
 */
import { createSandbox } from '../../src/sandbox.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.SANDBOX_URL) return undefined;
  const sandbox = await createSandbox({ port: 0, logLevel: 'silent' });
  const { url } = await sandbox.listen();
  process.env.SANDBOX_URL = url;
  return async () => {
    await sandbox.close();
  };
}
