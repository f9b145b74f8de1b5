/**
 * The pages that start a sandbox of their own, run as pasted: each must use a port of its own,
 * stop when its sandbox does not start (or its walk-through would run against the README's
 * sandbox on 4010 and leave a webhook URL and a clock offset in its saved state), and stop the
 * sandbox it started, in a script too (`kill %1` there signals npm and leaves
 * `node dist/main.js` listening).
 *
 * Each page's ```sh walkthrough blocks run in order in one bash, in the clone, as a script (no
 * job control), while another sandbox runs as the README's `npm start` would. The pages' stated
 * ports (PORT=…, WEBHOOKS=…, TLS_PORT=…) become free ports here, as a test never takes a fixed
 * one; the pages check theirs are free. Afterwards the page's own sandbox must be gone, and
 * the other must not have seen a single request.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type Spawned, freePort, startSandbox } from '../support/spawn.js';

const PAGES = ['docs/recurring-payments.md', 'docs/checkout-api.md', 'docs/https.md', 'docs/b2b-stores.md', 'docs/delivery-modules.md'];

function walkthrough(page: string): string {
  const text = readFileSync(join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```sh walkthrough\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '').join('\n');
}

/** The page's stated ports, each swapped for a free one. */
async function withFreePorts(script: string): Promise<{ script: string; ports: Record<string, number> }> {
  const ports: Record<string, number> = {};
  for (const [, name] of script.matchAll(/\b(PORT|WEBHOOKS|TLS_PORT)=\d+/g)) ports[name!] ??= await freePort();
  return { script: script.replace(/\b(PORT|WEBHOOKS|TLS_PORT)=\d+/g, (_, name: string) => `${name}=${ports[name]}`), ports };
}

/**
 * A reader's shell has none of the variables npm sets for the test run; kept, they would make
 * the pages' own `npx checkout-sandbox …` run elsewhere (under `npx -p node@24 -- npm test`,
 * npm_config_package names node@24, and a nested npx would install that instead).
 */
const READER_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));

/**
 * Bash as a script runs (no job control: `$!` is the process the page started, and no job
 * signals its group). It gets a process group of its own, so whatever a page leaves running
 * can be found, and stopped, once the test has checked that nothing was left.
 */
function runBash(script: string, interactive = false): Promise<{ code: number | null; stdout: string; stderr: string; group: number }> {
  return new Promise((resolve) => {
    // `set -m` gives a terminal's job control (jobs in groups of their own), to run a page as pasted into one.
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', `${interactive ? 'set -m\n' : ''}${script}`], {
      cwd: ROOT,
      env: READER_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr, group: child.pid! }));
  });
}

/** What a page left running in its process group, stopped (after the test looked). */
function stopGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Nothing left: the page stopped what it started.
  }
}

const closed = async (port: number): Promise<boolean> =>
  fetch(`http://127.0.0.1:${port}/__admin/health`).then(
    () => false,
    () => true,
  );

/** What each page prints, beyond running without an error. */
const PRINTS: Record<string, (stdout: string, ports: Record<string, number>) => void> = {
  'docs/recurring-payments.md': (stdout) => {
    for (const text of [
      'HTTP 200',
      'HTTP 202',
      'walley:customer-token:active',
      'walley:order:created',
      'Activated',
      'HTTP 403',
      'Retrying',
    ])
      expect(stdout).toContain(text);
  },
  'docs/checkout-api.md': (stdout) => {
    for (const text of ['HTTP/1.1 200 OK', 'sunset: Fri, 30 Oct 2026 23:00:00 GMT', 'curl: exit 52', '"status":"PurchaseCompleted"'])
      expect(stdout).toContain(text);
  },
  'docs/https.md': (stdout, ports) => {
    expect(stdout).toContain(`https://api.uat.walleydev.com:${ports.TLS_PORT}`);
    expect(stdout).toMatch(/"error":\{/); // the legacy host's 404, over HTTPS on the real name
  },
  // BusinessCustomer, the organisation number and addresses, a B2B order with the company, the B2C refusal.
  'docs/b2b-stores.md': (stdout) => {
    const lines = stdout.trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ id: '1236', countryCode: 'SE', currency: 'SEK', salesSegment: 'B2B', profiles: null });
    expect(lines.slice(1, 3)).toEqual(['BusinessCustomer', '5566778899']);
    expect(JSON.parse(lines[3]!)).toMatchObject({
      companyName: 'Fjällbolaget AB',
      address: 'Box 120',
      postalCode: '41101',
      city: 'Göteborg',
    });
    expect(lines.slice(4, 8)).toEqual(['Lagergatan 4', 'B2B', 'Fjällbolaget AB', 'Fjällbolaget AB']);
    const refusal = JSON.parse(lines[8]!) as { error: { code: number; errors: { reason: string; message: string }[] } };
    expect(refusal.error.code).toBe(400);
    expect(refusal.error.errors[0]).toMatchObject({
      reason: 'Validation_Error',
      message: expect.stringContaining("the merchant's B2B store 1236 (SE)"),
    });
    expect(lines[9]).toBe('HTTP 400');
    expect(lines).toHaveLength(10);
  },
  // The first option and its fee in data.shipping and the totals, choices, the refusals.
  'docs/delivery-modules.md': (stdout) => {
    const lines = stdout.trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ id: 'service-point', name: 'Service point', fee: 49, vat: 25, deliveryTime: '1-3 days' });
    expect(lines.slice(1, 5)).toEqual(['null', 'PostNord', '49', '2548']);
    expect(JSON.parse(lines[5]!)).toEqual({
      // Order administration names a shipping row "Frakt" in a Swedish store (src/domain/order.ts).
      articleNumber: 'Frakt',
      description: 'PostNord Service point',
      quantity: 1,
      price: 49,
      vatRate: 25,
    });
    expect(lines.slice(6, 9)).toEqual(['HTTP 202', '39', '2598']);
    expect(JSON.parse(lines[9]!)).toEqual({
      error: {
        status: 400,
        message:
          "shipping.carrier: 'DHL' is not a carrier of the nShift delivery module; known carriers: postnord (PostNord), budbee (Budbee). Name one by id or name, or leave it out for the first.",
      },
    });
    expect(lines[10]).toBe('HTTP 400');
    const profile = JSON.parse(lines[11]!) as { error: { errors: { reason: string; message: string }[] } };
    expect(profile.error.errors[0]).toMatchObject({
      reason: 'Validation_Error',
      message: expect.stringContaining(
        "profileName: 'Redlight' is not a checkout profile of store 1234; its profiles are shipping, Delivery, Coffee",
      ),
    });
    expect(lines[12]).toBe('HTTP 400');
    expect(lines).toHaveLength(13);
  },
};

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

  it('starts a sandbox of its own on a stated port that is not the README’s, and stops that very process', () => {
    // The built sandbox itself, not npm: `$!` is then the sandbox, which `kill` stops (npm's child would outlive it).
    expect(script).toMatch(/^ {2}node dist\/main\.js --port \$PORT /m);
    expect(script).toMatch(/\bPORT=\d+/);
    expect(script).not.toMatch(/\b4010\b/);
    expect(script).toContain('kill -0 $SANDBOX_PID');
    expect(script).toMatch(/^kill (\$\w+_PID )*\$SANDBOX_PID && wait \$SANDBOX_PID/m);
    expect(script).not.toMatch(/kill %|npm start/);
  });

  it('runs as pasted into a script, stops what it started, and leaves the other sandbox untouched', async () => {
    const before = await requestsSeen();
    const { script: run, ports } = await withFreePorts(script);
    const { code, stdout, stderr, group } = await runBash(run);
    try {
      expect({ code, output: code === 0 ? '' : `${stdout}\n${stderr}` }).toEqual({ code: 0, output: '' });
      PRINTS[page]!(stdout, ports);
      // Its sandbox is gone (the last block waited for it), and so is anything else it started.
      expect(await closed(ports.PORT!)).toBe(true);
      if (ports.WEBHOOKS) expect(await closed(ports.WEBHOOKS)).toBe(true);
    } finally {
      stopGroup(group);
    }
    // The README's sandbox saw nothing: no webhook URL, no clock move.
    expect(await requestsSeen()).toBe(before);
    const merchants = (await (await fetch(`${readmeSandbox.url}/__admin/uat/merchants`)).json()) as {
      merchants: { webhookUri: string | null }[];
    };
    expect(merchants.merchants.every((m) => m.webhookUri === null)).toBe(true);
    const clock = (await (await fetch(`${readmeSandbox.url}/__admin/clock`)).json()) as { frozen: boolean };
    expect(clock.frozen).toBe(false);
  }, 120_000);
});

describe('a page pasted into a terminal (job control on)', () => {
  it('stops its sandbox the same way', async () => {
    const { script: run, ports } = await withFreePorts(walkthrough('docs/https.md'));
    const { code, stdout, stderr, group } = await runBash(run, true);
    try {
      expect({ code, output: code === 0 ? '' : `${stdout}\n${stderr}` }).toEqual({ code: 0, output: '' });
      expect(await closed(ports.PORT!)).toBe(true);
    } finally {
      stopGroup(group);
    }
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
    const { code, stdout, group } = await runBash(taken);
    stopGroup(group);
    expect(code).not.toBe(0);
    expect(stdout).toMatch(/port \d+ or \d+ is taken: stop what listens there first/);
    expect(stdout).toContain("no sandbox of this page's: the blocks below would fail, so stop here");
    expect(received).toEqual(['GET /']);
  }, 60_000);

  it('when its sandbox exits on start-up: stops waiting at once and exits non-zero', async () => {
    const { script: run } = await withFreePorts(walkthrough('docs/checkout-api.md'));
    const started = performance.now();
    const { code, stdout, stderr, group } = await runBash(run.replace('--scenario shutdown-eve', '--scenario no-such-scenario'));
    stopGroup(group);
    expect(code).not.toBe(0);
    expect(stderr).toContain("unknown scenario 'no-such-scenario'");
    expect(stdout).toContain("no sandbox of this page's");
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);
});
