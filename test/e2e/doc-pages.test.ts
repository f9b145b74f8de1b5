/**
 * The pages that start a sandbox of their own, run as pasted: each must use a port of its own
 * and stop when its sandbox does not start, or its walk-through would run against the
 * README's sandbox on 4010 and leave a webhook URL and a clock offset in its saved state.
 *
 * Each page's ```sh walkthrough blocks run in order in one bash, in the clone, while another
 * sandbox runs as the README's `npm start` would. The pages' stated ports (PORT=…, WEBHOOKS=…,
 * TLS_PORT=…) become free ports here, as a test never takes a fixed one; the pages check
 * theirs are free. Afterwards the other sandbox must not have seen a single request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Spawned, startSandbox } from '../support/spawn.js';

const PAGES = ['docs/recurring-payments.md', 'docs/checkout-api.md', 'docs/https.md'];

function walkthrough(page: string): string {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```sh walkthrough\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '').join('\n');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The page's stated ports, each swapped for a free one. */
async function withFreePorts(script: string): Promise<{ script: string; ports: Record<string, number> }> {
  const ports: Record<string, number> = {};
  for (const [, name] of script.matchAll(/\b(PORT|WEBHOOKS|TLS_PORT)=\d+/g)) ports[name!] ??= await freePort();
  return { script: script.replace(/\b(PORT|WEBHOOKS|TLS_PORT)=\d+/g, (_, name: string) => `${name}=${ports[name]}`), ports };
}

/**
 * Bash with job control (set -m), as an interactive shell has it, so `kill %1` stops the job's
 * whole process group (npm and the sandbox under it). A trap stops what a failed run left.
 */
function runBash(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // `|| true`: under -e a failed kill in the EXIT trap would become the script's exit status, and
  // a job the script stopped itself may still be listed by `jobs -p` after its group has gone.
  const cleanup = 'set -m\ntrap \'for job in $(jobs -p); do kill -- -$job 2>/dev/null || true; done\' EXIT\n';
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', cleanup + script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'sandbox-doc-pages-'));
let readmeSandbox: Spawned;
/** Requests the README's sandbox has answered (the count call itself is not recorded). */
const requestsSeen = async (): Promise<number> =>
  ((await (await fetch(`${readmeSandbox.url}/__admin/requests/count`, { method: 'POST', body: '{}' })).json()) as { count: number }).count;

beforeAll(async () => {
  readmeSandbox = await startSandbox(['--state', join(dir, 'state.json')]);
});
afterAll(async () => {
  await readmeSandbox?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(PAGES)('%s, next to a running sandbox', (page) => {
  const script = walkthrough(page);

  it('starts a sandbox of its own on a stated port that is not the README’s', () => {
    expect(script).toMatch(/npm start -- --port \$PORT /);
    expect(script).toMatch(/\bPORT=\d+/);
    expect(script).not.toMatch(/\b4010\b/);
    expect(script).toContain('kill -0 $SANDBOX_PID');
  });

  it('runs as pasted, and leaves the other sandbox untouched', async () => {
    const before = await requestsSeen();
    const { script: run, ports } = await withFreePorts(script);
    const { code, stdout, stderr } = await runBash(run);
    expect({ code, output: code === 0 ? '' : `${stdout}\n${stderr}` }).toEqual({ code: 0, output: '' });
    if (page.endsWith('recurring-payments.md')) {
      for (const text of ['HTTP 200', 'HTTP 202', 'walley:customer-token:active', 'walley:order:created', 'Activated', 'HTTP 403', 'Retrying']) expect(stdout).toContain(text);
    } else if (page.endsWith('checkout-api.md')) {
      for (const text of ['HTTP/1.1 200 OK', 'sunset: Fri, 30 Oct 2026 23:00:00 GMT', 'curl: exit 52', '"status":"PurchaseCompleted"']) expect(stdout).toContain(text);
    } else {
      expect(stdout).toContain(`https://api.uat.walleydev.com:${ports.TLS_PORT}`);
      expect(stdout).toMatch(/"error":\{/); // the legacy host's 404, over HTTPS on the real name
    }
    // Its sandbox is gone (kill %1 signals it; it flushes and exits within moments), and the
    // README's saw nothing: no webhook URL, no clock move.
    const closed = async (): Promise<boolean> => fetch(`http://127.0.0.1:${ports.PORT}/__admin/health`).then(() => false, () => true);
    for (let i = 0; i < 50 && !(await closed()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await closed()).toBe(true);
    expect(await requestsSeen()).toBe(before);
    const merchants = (await (await fetch(`${readmeSandbox.url}/__admin/uat/merchants`)).json()) as { merchants: { webhookUri: string | null }[] };
    expect(merchants.merchants.every((m) => m.webhookUri === null)).toBe(true);
    const clock = (await (await fetch(`${readmeSandbox.url}/__admin/clock`)).json()) as { frozen: boolean };
    expect(clock.frozen).toBe(false);
  }, 120_000);
});

describe('a page whose sandbox cannot start stops there', () => {
  const script = walkthrough('docs/recurring-payments.md');
  let decoy: Server;
  const received: string[] = [];
  beforeAll(async () => {
    // Something else on the page's port that would answer anything, as the README's sandbox would.
    decoy = createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => decoy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => decoy.close(resolve)));

  it('when its port is taken: says so, exits non-zero, and sends the other server nothing but the probe', async () => {
    const { script: run } = await withFreePorts(script);
    const taken = run.replace(/\bPORT=\d+/, `PORT=${(decoy.address() as AddressInfo).port}`);
    const { code, stdout } = await runBash(taken);
    expect(code).not.toBe(0);
    expect(stdout).toMatch(/port \d+ or \d+ is taken: stop what listens there first/);
    expect(stdout).toContain("no sandbox of this page's: the blocks below would fail, so stop here");
    expect(received).toEqual(['GET /']);
  }, 60_000);

  it('when its sandbox exits on start-up: stops waiting at once and exits non-zero', async () => {
    const { script: run } = await withFreePorts(walkthrough('docs/checkout-api.md'));
    const started = performance.now();
    const { code, stdout, stderr } = await runBash(run.replace('--scenario shutdown-eve', '--scenario no-such-scenario'));
    expect(code).not.toBe(0);
    expect(stderr).toContain("unknown scenario 'no-such-scenario'");
    expect(stdout).toContain("no sandbox of this page's");
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
