/**
 * The token endpoint's advice for a wrong secret fits the case (a regression test: a secret one
 * character off the default scenario's got "issue a new one", as if it were lost). A shipped
 * scenario's client is told where its secret is, the README's credentials table, and when the
 * secret sent is one character off it; a client made through the admin API still hears that a
 * lost secret cannot be shown again, and where to issue one.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/index.js';
import { useSandbox } from '../support/sandbox.js';
import { CREDENTIALS, MINIMAL_UAT_CLIENT, clientCredentials, postForm } from '../support/identity.js';

const sandbox = useSandbox({}, 'file');
const minimal = useSandbox({ scenario: 'minimal' }, 'file');

async function hintFor(sb: Sandbox, fields: Record<string, string>): Promise<{ status: number; code: string; hint: string | null }> {
  const response = await postForm(sb, 'uat', fields);
  const body = (await response.json()) as { error_codes: number[] };
  return { status: response.status, code: `AADSTS${body.error_codes[0]}`, hint: response.headers.get('x-sandbox-hint') };
}

describe('a wrong secret of a shipped scenario client', () => {
  it('one character off: says so, and where the secret is', async () => {
    const sent = CREDENTIALS.uat.clientSecret.replace(/1$/, '2');
    expect(await hintFor(sandbox, { ...clientCredentials('uat'), client_secret: sent })).toEqual({
      status: 401,
      code: 'AADSTS7000215',
      hint: "The secret is one character off the 'default' scenario's secret for this client, in the README's credentials table (scenarios/default.yaml).",
    });
  });

  it('further off: where the secret is, no advice to issue a new one', async () => {
    expect((await hintFor(sandbox, { ...clientCredentials('uat'), client_secret: 'not-the-secret-at-all' })).hint).toBe(
      "Send the 'default' scenario's secret for this client, in the README's credentials table (scenarios/default.yaml).",
    );
  });

  it("names the scenario the client's current secret comes from", async () => {
    const { hint } = await hintFor(minimal, { ...MINIMAL_UAT_CLIENT, client_secret: 'minimal-uat-secret-0007' });
    expect(hint).toBe(
      "The secret is one character off the 'minimal' scenario's secret for this client, in the README's credentials table (scenarios/minimal.yaml).",
    );
  });
});

describe('a wrong secret of a client made through the admin API', () => {
  it('a lost secret cannot be shown again: where to issue a new one', async () => {
    const created = await sandbox.fetch(`/__admin/uat/merchants/${CREDENTIALS.uat.merchantId}/api-clients`, {
      method: 'POST',
      body: '{"clientSecret":"my-own-secret-0001"}',
    });
    const { clientId } = (await created.json()) as { clientId: string };
    const { hint } = await hintFor(sandbox, { ...clientCredentials('uat'), client_id: clientId, client_secret: 'my-own-secret-0002' });
    expect(hint).toMatch(
      new RegExp(
        `^The secret does not match any current secret of this client\\. A lost secret cannot be shown again: issue a new one: POST http://127\\.0\\.0\\.1:\\d+/__admin/uat/merchants/1001/api-clients/${clientId}/secrets$`,
      ),
    );
  });
});
