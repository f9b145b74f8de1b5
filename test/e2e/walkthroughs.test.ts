/**
 * The walk-throughs of docs/b2b-stores.md and docs/delivery-modules.md, run as a reader runs
 * them: the page's ```sh runnable block, in one bash, against a sandbox started as the page
 * says (`npm start -- --memory --now … --frozen`) on a free port of its own; the start-up
 * banner says it is ready before the block runs. Only the address changes.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, startSandbox } from '../support/spawn.js';

const DOCUMENTED = 'http://127.0.0.1:4010';
const START = ['--memory', '--now', '2026-11-02T10:00:00Z', '--frozen'];

function runnableBlock(page: string): string {
  const markdown = readFileSync(join(ROOT, page), 'utf8');
  const blocks = [...markdown.matchAll(/^```sh runnable\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
  expect(blocks, `${page} has one runnable block`).toHaveLength(1);
  // The page tells the reader to start the sandbox with exactly these flags.
  expect(markdown).toContain(`npm start -- ${START.join(' ')}`);
  return blocks[0]!;
}

async function run(page: string): Promise<string[]> {
  const script = runnableBlock(page);
  expect(script.replace(`S=${DOCUMENTED}`, '')).not.toMatch(/4010|localhost|127\.0\.0\.1/);
  const sandbox = await startSandbox(START);
  try {
    expect(sandbox.url).not.toBe(DOCUMENTED);
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script.replaceAll(DOCUMENTED, sandbox.url)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect({ code: result.code, stderr: result.code === 0 ? '' : result.stderr }).toEqual({ code: 0, stderr: '' });
    return result.stdout.trimEnd().split('\n');
  } finally {
    await sandbox.stop();
  }
}

describe('docs/b2b-stores.md walk-through', () => {
  it('runs top to bottom: BusinessCustomer, the organisation number and addresses, a B2B order with the company, the B2C refusal', async () => {
    const lines = await run('docs/b2b-stores.md');
    expect(JSON.parse(lines[0]!)).toEqual({ id: '1236', countryCode: 'SE', currency: 'SEK', salesSegment: 'B2B', profiles: null });
    expect(lines.slice(1, 3)).toEqual(['BusinessCustomer', '5566778899']);
    expect(JSON.parse(lines[3]!)).toMatchObject({ companyName: 'Fjällbolaget AB', address: 'Box 120', postalCode: '41101', city: 'Göteborg' });
    expect(lines.slice(4, 8)).toEqual(['Lagergatan 4', 'B2B', 'Fjällbolaget AB', 'Fjällbolaget AB']);
    const refusal = JSON.parse(lines[8]!) as { error: { code: number; errors: { reason: string; message: string }[] } };
    expect(refusal.error.code).toBe(400);
    expect(refusal.error.errors[0]).toMatchObject({ reason: 'Validation_Error', message: expect.stringContaining("the merchant's B2B store 1236 (SE)") });
    expect(lines[9]).toBe('HTTP 400');
    expect(lines).toHaveLength(10);
  }, 60_000);
});

describe('docs/delivery-modules.md walk-through', () => {
  it('runs top to bottom: the first option and its fee in data.shipping and the totals, choices, the refusals', async () => {
    const lines = await run('docs/delivery-modules.md');
    expect(JSON.parse(lines[0]!)).toEqual({ id: 'service-point', name: 'Service point', fee: 49, vat: 25, deliveryTime: '1-3 days' });
    expect(lines.slice(1, 5)).toEqual(['null', 'PostNord', '49', '2548']);
    expect(JSON.parse(lines[5]!)).toEqual({ articleNumber: 'shipping|postnord:service-point', description: 'PostNord Service point', quantity: 1, price: 49, vatRate: 25 });
    expect(lines.slice(6, 9)).toEqual(['HTTP 202', '39', '2598']);
    expect(JSON.parse(lines[9]!)).toEqual({
      error: { status: 400, message: "shipping.carrier: 'DHL' is not a carrier of the nShift delivery module; known carriers: postnord (PostNord), budbee (Budbee). Name one by id or name, or leave it out for the first." },
    });
    expect(lines[10]).toBe('HTTP 400');
    const profile = JSON.parse(lines[11]!) as { error: { errors: { reason: string; message: string }[] } };
    expect(profile.error.errors[0]).toMatchObject({ reason: 'Validation_Error', message: expect.stringContaining("profileName: 'Redlight' is not a checkout profile of store 1234; its profiles are shipping, Delivery, Coffee") });
    expect(lines[12]).toBe('HTTP 400');
    expect(lines).toHaveLength(13);
  }, 60_000);
});
