/**
 * docs/scenarios.md: the `minimal` scenario's credentials table is the scenario file, row for
 * row (merchant, store, SharedKey, API client, the environment's token scope), and its token
 * request, run as pasted against a sandbox on that scenario, gets a token. The bounds of a
 * merchant entry are the ones the entry's fields hold.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_SECRET_LENGTH,
  MAX_STORE_ID,
  MAX_TOKEN_LIFETIME_SECONDS,
  MAX_URL_LENGTH,
} from '../../src/domain/scenario-fields.js';
import { ENVIRONMENTS } from '../../src/hosts.js';
import { TENANTS } from '../../src/identity/tenants.js';
import { loadScenario } from '../../src/store/scenario.js';
import { openSandbox } from '../support/sandbox.js';
import { ROOT } from '../support/spawn.js';

const page = readFileSync(join(ROOT, 'docs/scenarios.md'), 'utf8');
const section = page.slice(page.indexOf("### The `minimal` scenario's credentials"));
const scenario = loadScenario('minimal');

describe("docs/scenarios.md: the minimal scenario's credentials", () => {
  it('has one row per merchant of scenarios/minimal.yaml, each as the file and the tenant define it', () => {
    const rows = section
      .split('\n')
      .filter((line) => /^\| (UAT|PROD) \|/.test(line))
      .map((line) => line.trim());
    const expected = ENVIRONMENTS.flatMap((env) =>
      scenario.environments[env].merchants.map((merchant) => {
        const stores = merchant.stores.map((store) => `${store.id} ${store.countryCode} ${store.currency}`).join(', ');
        const clients = (merchant.apiClients ?? []).map((client) => `\`${client.clientId}\` / \`${client.clientSecret}\``).join(', ');
        return [
          '',
          env.toUpperCase(),
          `${merchant.id} ${merchant.name}`,
          stores,
          `\`${merchant.sharedKey.username}\` / \`${merchant.sharedKey.key}\``,
          clients,
          `\`${TENANTS[env].scope}\``,
          '',
        ]
          .join(' | ')
          .trim();
      }),
    );
    expect(expected).toHaveLength(2);
    expect(rows).toEqual(expected);
  });

  it('its token request, as pasted, gets a UAT token from a sandbox on the minimal scenario', async () => {
    const block = /^```sh\n([\s\S]*?)^```$/m.exec(section)?.[1];
    expect(block).toContain('/uat/auth/oauth2/v2.0/token');
    const sandbox = await openSandbox({ scenario: 'minimal' });
    const { url } = await sandbox.listen();
    const script = block!.replaceAll('http://127.0.0.1:4010', url);
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(status).toBe(0);
    const answer = JSON.parse(out) as { token_type: string; access_token: string };
    expect(answer.token_type).toBe('Bearer');
    expect(answer.access_token.split('.')).toHaveLength(3);
  });
});

describe('docs/scenarios.md: what a merchant entry may hold', () => {
  const bounds = page.slice(page.indexOf('### What a merchant entry may hold'));
  const table = bounds.slice(0, bounds.indexOf('\n\n', bounds.indexOf('| Field |')));

  it('states each bound as the entry holds it', () => {
    for (const bound of [MAX_STORE_ID, MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_SECRET_LENGTH, MAX_URL_LENGTH, MAX_TOKEN_LIFETIME_SECONDS])
      expect(table).toMatch(new RegExp(`\\b(1 )?to ${bound}\\b|at most ${bound}\\b`));
  });
});
