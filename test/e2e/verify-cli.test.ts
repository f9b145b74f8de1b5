/**
 * `checkout-sandbox verify`: the post-migration check against a listening sandbox (port 0),
 * as a passing run, a failing one (wrong secret) and a target without a control plane.
 */
import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { runVerify } from '../../src/cli/verify.js';
import { useSandbox } from '../support/sandbox.js';
import { ROOT } from '../support/spawn.js';

const CLIENT_ID = '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01';
const SECRET = 'uat-secret-nordic-outdoor-0001';

const sb = useSandbox({ port: 0 }, 'file');
let origin: string;
beforeAll(async () => {
  origin = (await sb.listen()).url;
});

function args(overrides: Record<string, string> = {}, extra: string[] = []): string[] {
  const flags: Record<string, string> = {
    env: 'uat',
    'base-url': `${origin}/uat/api`,
    'auth-url': `${origin}/uat/auth`,
    'client-id': CLIENT_ID,
    'client-secret': SECRET,
    'store-id': '1234',
    ...overrides,
  };
  return [...Object.entries(flags).flatMap(([name, value]) => [`--${name}`, value]), ...extra];
}

async function run(argv: string[], fetcher: typeof fetch = fetch): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runVerify(argv, { out: (t) => (out += t), err: (t) => (err += t), fetch: (input, init) => fetcher(input, init) });
  return { code, out, err };
}

describe('checkout-sandbox verify', () => {
  it('passes every step against the sandbox, completing the purchase through the control plane', async () => {
    const { code, out } = await run(args());
    expect(code).toBe(0);
    for (const step of [
      'get a token',
      'initialize a checkout',
      'read the checkout',
      'complete the purchase',
      'read the order',
      'capture the order',
      'refund the capture',
      'read the order again',
    ]) {
      expect(out).toMatch(new RegExp(`PASS  \\d\\. ${step}:`));
    }
    expect(out).toContain(`through ${origin}/__admin`);
    expect(out).toMatch(/PASSED: 8 of 8 steps/);
    expect(out).not.toContain(SECRET);
  });

  it('fails on a wrong secret, printing the token response, and runs nothing after it', async () => {
    const { code, out } = await run(args({ 'client-secret': 'not-the-secret-0000' }));
    expect(code).toBe(1);
    expect(out).toMatch(/FAIL {2}1\. get a token: expected 200 with an access_token/);
    expect(out).toContain(`POST ${origin}/uat/auth/oauth2/v2.0/token -> 401`);
    expect(out).toContain('AADSTS7000215');
    expect(out).toMatch(/---- {2}2\. initialize a checkout: not run/);
    expect(out).toMatch(/FAILED: 0 of 8 steps passed/);
  });

  it('against a target without a control plane, stops after the checkout and says which steps need a customer', async () => {
    // The sandbox's api URL, its /__admin unreachable: as a real UAT host looks.
    const noAdmin: typeof fetch = (input, init) =>
      String(input).includes('/__admin')
        ? Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }))
        : fetch(input, init);
    const { code, out } = await run(args(), noAdmin);
    expect(code).toBe(3);
    expect(out).toMatch(/PASS {2}2\. initialize a checkout/);
    expect(out).toMatch(/SKIP {2}4\. complete the purchase: needs a customer/);
    expect(out).toContain('--order-id');
    expect(out).toMatch(
      /INCOMPLETE: 3 of 8 steps passed; these need a customer: complete the purchase, read the order, capture the order, refund the capture, read the order again/,
    );
  });

  it('runs order administration on a given --order-id when the target has no control plane', async () => {
    const first = await run(args());
    const orderId = /orderId ([0-9a-f-]{36})/.exec(first.out)?.[1] as string;
    // Already captured and refunded by the first run: capturing again is refused, and the refusal is printed.
    const { code, out } = await run(args({ 'order-id': orderId }, ['--no-admin']));
    expect(code).toBe(1);
    expect(out).toMatch(/PASS {2}4\. read the order/);
    expect(out).toMatch(/FAIL {2}5\. capture the order: expected 202 Accepted/);
    expect(out).toContain('application/problem+json');
  });

  it('answers 2 with the usage on missing flags', async () => {
    const { code, err } = await run(['--env', 'uat']);
    expect(code).toBe(2);
    expect(err).toContain('missing --base-url, --auth-url, --client-id, --client-secret, --store-id');
  });

  it('is a subcommand of the checkout-sandbox command', async () => {
    const child = spawn('npx', ['tsx', 'src/main.ts', 'verify', ...args()], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(out).toMatch(/PASSED: 8 of 8 steps/);
    expect(code).toBe(0);
  }, 30_000);
});
