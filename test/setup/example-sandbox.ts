/**
 * vitest globalSetup for docs/examples: the "isolated sandbox over HTTP" example talks to a
 * running sandbox at SANDBOX_URL, as a CI job's service container would be. Unless one is
 * given, a sandbox is started here on a free port, with an admin token as the documented CI
 * setup has, so the example must send it. Workers inherit SANDBOX_URL and the token under a
 * name no sandbox reads; test/setup/example-token.ts hands it to the examples alone as
 * SANDBOX_ADMIN_TOKEN (every sandbox a test spawns would read that one and want a token).
 */
import { randomBytes } from 'node:crypto';
import { createSandbox } from '../../src/index.js';
import { EXAMPLE_TOKEN_VARIABLE } from './example-token.js';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.SANDBOX_URL) return undefined;
  const adminToken = randomBytes(12).toString('hex');
  const sandbox = await createSandbox({ port: 0, logLevel: 'silent', adminToken });
  const { url } = await sandbox.listen();
  process.env.SANDBOX_URL = url;
  process.env[EXAMPLE_TOKEN_VARIABLE] = adminToken;
  return async () => {
    await sandbox.close();
  };
}
