/**
 * vitest globalSetup for docs/examples: the "isolated sandbox over HTTP" example talks to a
 * running sandbox at SANDBOX_URL, as a CI job's service container would be. Unless one is
 * given, a sandbox is started here on a free port, with an admin token as the documented CI
 * setup has (test workers inherit both variables), so the example must send it.
 */
import { randomBytes } from 'node:crypto';
import { createSandbox } from '../../src/sandbox.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.SANDBOX_URL) return undefined;
  const adminToken = randomBytes(12).toString('hex');
  const sandbox = await createSandbox({ port: 0, logLevel: 'silent', adminToken });
  const { url } = await sandbox.listen();
  process.env.SANDBOX_URL = url;
  process.env.SANDBOX_ADMIN_TOKEN = adminToken;
  return async () => {
    await sandbox.close();
  };
}
