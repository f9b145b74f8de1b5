/**
 * Header values carry ASCII only (Latin-1 at most, RFC 9110 §5.5): a text with other letters
 * reached the client with '?' in their place. The answers whose header values are built from
 * words or from a merchant's own id say what was meant: a token whose exp no date can show
 * (WWW-Authenticate's error_description), and the token endpoint's advice for a merchant whose
 * id has letters outside ASCII (x-sandbox-hint, its URL percent-encoded and usable as pasted).
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useSandboxShell } from '../support/sandbox.js';
import { admin } from '../support/checkout-requests.js';
import { CREDENTIALS, UAT_SCOPE, UAT_TENANT, postForm } from '../support/identity.js';

const sb = useSandboxShell({ now: '2026-06-01T00:00:00Z', scenario: 'minimal' }, 'file');

/** Every header of the answer is printable ASCII. */
function expectAsciiHeaders(response: Response): void {
  for (const [name, value] of response.headers) expect(value, name).toMatch(/^[\x20-\x7e]*$/);
}

describe('header values say what was meant, in ASCII', () => {
  it('a token whose exp no date can show: the exact WWW-Authenticate value', async () => {
    const nowSeconds = Math.floor(Date.parse('2026-06-01T00:00:00Z') / 1000);
    const ring = await sb.surfaceDeps('uat', 'api').identity.keyRing('uat');
    const claims = {
      aud: '705798e0-8cef-427c-ae00-6023deba29af',
      iss: `https://sts.windows.net/${UAT_TENANT}/`,
      iat: nowSeconds,
      nbf: nowSeconds,
      exp: 1e300,
      azp: CREDENTIALS.uat.clientId,
      tid: UAT_TENANT,
    };
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: ring.signing.kid })
      .sign(ring.signing.privateKey);
    const res = await sb.fetch('/uat/api/checkouts/00000000-0000-4000-8000-000000000000', { headers: { authorization: `Bearer ${jwt}` } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="The token's 'exp' claim is not a valid date (seconds since 1970, from -8640000000000 to 8640000000000)"`,
    );
    expectAsciiHeaders(res);
  });

  it("the token endpoint's advice for a merchant id with letters outside ASCII: exact, and its URL works", async () => {
    const clientId = '1b2c3d4e-0000-4000-8000-00000000a5e1';
    const entry = {
      id: 'Åre-fjällbutik',
      name: 'Åre Fjällbutik AB',
      stores: [{ id: 7401, countryCode: 'SE', currency: 'SEK' }],
      sharedKey: { username: 'are-fjallbutik-uat', key: 'are-fjallbutik-shared-key' },
      apiClients: [{ clientId, clientSecret: 'are-fjallbutik-secret-01' }],
    };
    expect((await admin(sb, '/uat/merchants', entry)).status).toBe(201);
    const res = await postForm(sb, 'uat', {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: 'not-its-secret',
      scope: UAT_SCOPE,
    });
    expect(res.status).toBe(401);
    const hint = res.headers.get('x-sandbox-hint') ?? '';
    const url = /POST (\S+)$/.exec(hint)?.[1] ?? '';
    expect(hint).toBe(
      `The secret does not match any current secret of this client. A lost secret cannot be shown again: issue a new one: POST ${url}`,
    );
    expect(new URL(url).pathname).toBe(`/__admin/uat/merchants/%C3%85re-fj%C3%A4llbutik/api-clients/${clientId}/secrets`);
    expectAsciiHeaders(res);
    // The advice works as given: a new secret for that merchant's client.
    const issued = await sb.fetch(new URL(url).pathname, { method: 'POST', body: '{"clientSecret":"are-fjallbutik-secret-02"}' });
    expect(issued.status).toBe(201);
  });
});
