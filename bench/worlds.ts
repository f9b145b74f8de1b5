/**
 * What isolated worlds cost a shared sandbox in memory, for its --max-sandboxes and
 * --journal-size (docs/kubernetes.md, "Resources"). The built server with a state file, as the
 * Kubernetes manifests run it; per journal size, worlds are made in steps and each is used the
 * same way (a token, then CHECKOUTS checkouts initialized over the current API: as many
 * requests as a busy pipeline's run sends), and the server's RSS is read once quiet.
 *
 *   npm run bench:worlds                               # journal 1000 and 100, up to 100 worlds
 *   WORLDS=40 CHECKOUTS=1000 JOURNALS=1000,100 npm run bench:worlds
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIN, NOW, rssMb, spawnServer } from './processes.js';

const WORLDS = Number(process.env.WORLDS ?? 100);
const CHECKOUTS = Number(process.env.CHECKOUTS ?? 200);
const STEPS = [0, Math.round(WORLDS / 4), Math.round(WORLDS / 2), WORLDS];
const JOURNALS = (process.env.JOURNALS ?? '1000,100').split(',').map(Number);
const QUIET_MS = 3000;
const CLIENT = {
  grant_type: 'client_credentials',
  client_id: '0c0c0c0c-0000-4000-8000-000000000001',
  client_secret: 'minimal-uat-secret-0001',
  scope: '705798e0-8cef-427c-ae00-6023deba29af/.default',
};
const CHECKOUT = JSON.stringify({
  storeId: 1234,
  countryCode: 'SE',
  merchantTermsUri: 'https://shop.example/terms',
  cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
});

async function useWorld(url: string): Promise<void> {
  const made = (await (
    await fetch(`${url}/__admin/sandboxes`, { method: 'POST', body: JSON.stringify({ scenario: 'minimal', now: NOW, frozen: true }) })
  ).json()) as { id: string };
  const base = `${url}/sandboxes/${made.id}/uat`;
  const token = (await (await fetch(`${base}/auth/oauth2/v2.0/token`, { method: 'POST', body: new URLSearchParams(CLIENT) })).json()) as {
    access_token: string;
  };
  const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  for (let i = 0; i < CHECKOUTS; i += 1) {
    const answer = await fetch(`${base}/api/checkouts`, { method: 'POST', headers, body: CHECKOUT });
    if (answer.status !== 200) throw new Error(`checkout ${i}: ${answer.status} ${await answer.text()}`);
  }
}

async function measure(journalSize: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-worlds-'));
  const args = [MAIN, '--port', '0', '--log-level', 'warn', '--state', join(dir, 'state.json'), '--reset'];
  args.push('--max-sandboxes', String(WORLDS), '--journal-size', String(journalSize));
  const server = await spawnServer(args, /ready on (http:\/\/[\d.]+:\d+)/, (m) => m[1]!);
  const lines: string[] = [];
  try {
    let made = 0;
    for (const step of STEPS) {
      while (made < step) {
        await useWorld(server.url);
        made += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      lines.push(`journal ${journalSize}: ${String(made).padStart(4)} worlds  RSS ${rssMb(server.pid).toFixed(0)} MB`);
      console.info(lines.at(-1));
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

const results: string[] = [];
for (const size of JOURNALS) results.push(...(await measure(size)));
console.info(`\n${WORLDS} worlds, ${CHECKOUTS + 2} requests each (node ${process.version}):\n${results.join('\n')}`);
