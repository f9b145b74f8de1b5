/**
 * vitest setupFiles: a test file under docs/examples/ gets the example sandbox's admin token as
 * SANDBOX_ADMIN_TOKEN, the name the examples read (test/setup/example-sandbox.ts); every other
 * file runs without it, so the sandboxes those spawn need no token.
 */
import { afterAll, expect } from 'vitest';

/** Where the global setup leaves the token for this file to hand on. */
export const EXAMPLE_TOKEN_VARIABLE = 'CHECKOUT_SANDBOX_EXAMPLE_ADMIN_TOKEN';

const token = process.env[EXAMPLE_TOKEN_VARIABLE];
if (token && /[\\/]docs[\\/]examples[\\/]/.test(expect.getState().testPath ?? '')) {
  process.env.SANDBOX_ADMIN_TOKEN = token;
  afterAll(() => {
    delete process.env.SANDBOX_ADMIN_TOKEN;
  });
}
