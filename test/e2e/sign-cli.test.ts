/**
 * `checkout-sandbox sign` as a developer runs it, to debug their own SharedKey signer.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { openSandbox } from '../support/sandbox.js';
import { MAIN, ROOT } from '../support/spawn.js';

const dir = mkdtempSync(join(tmpdir(), 'sign-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('checkout-sandbox sign', () => {
  it('prints the header the sandbox accepts for a PHP-encoded body file', async () => {
    const body = String.raw`{"storeId":1234,"countryCode":"SE","merchantTermsUri":"https:\/\/shop.example\/terms","cart":{"items":[{"id":"A","description":"\u00c5ngbad","unitPrice":"10.00","quantity":1,"vat":25}]}}`;
    const file = join(dir, 'body.json');
    writeFileSync(file, body);

    const { code, stdout, stderr } = await run([
      'sign',
      '--env',
      'uat',
      '--username',
      'nordic-outdoor-uat',
      '--key',
      'uat-shared-key-nordic-0001',
      '--path',
      '/checkout',
      '--body',
      file,
    ]);
    expect(code).toBe(0);
    const header = sharedKeyHeaderValue('nordic-outdoor-uat', 'uat-shared-key-nordic-0001', '/checkout', body);
    expect(stdout).toBe(`Authorization: ${header}\n`);
    expect(stderr).toContain(`${Buffer.byteLength(body)} body bytes`);

    const sb = await openSandbox({ now: '2026-10-01T00:00:00Z', frozen: true });
    const response = await sb.fetch('/uat/legacy/checkout', {
      method: 'POST',
      body,
      headers: { authorization: stdout.replace(/^Authorization: /, '').trim() },
    });
    expect(response.status).toBe(200);
  });
});
