/**
 * The credentials flow end to end: every way real clients ask for a token, the token verified
 * with jose against the served JWKS, discovery consistent with it, lifetimes, throttling, and
 * the bearer checks (expiry by moving the clock, the other environment's token, revocation).
 */
import { X509Certificate, createHash } from 'node:crypto';
import { type JSONWebKeySet, SignJWT, createLocalJWKSet, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { openSandboxShell, useSandboxShell } from '../support/sandbox.js';
import {
  CREDENTIALS,
  PROD_TENANT,
  UAT_SCOPE,
  UAT_TENANT,
  clientCredentials,
  jwtPart,
  postForm,
  probe,
  tokenFor,
} from '../support/identity.js';

const NOW = '2026-10-30T12:00:00Z';
const NOW_S = Date.parse(NOW) / 1000;
const UAT_RESOURCE = '705798e0-8cef-427c-ae00-6023deba29af';
const UAT_ISSUER = `https://login.microsoftonline.com/${UAT_TENANT}/v2.0`;
const uat = CREDENTIALS.uat;

const sb = useSandboxShell({ now: NOW, frozen: true });

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function servedJwks(env: 'uat' | 'prod' = 'uat', tenant = UAT_TENANT): Promise<JSONWebKeySet> {
  return json<JSONWebKeySet>(await sb.fetch(`/${env}/auth/${tenant}/discovery/v2.0/keys`));
}

function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

describe('getting a token the ways real clients do', () => {
  const creds = clientCredentials('uat') as Record<string, string>;
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(uat.clientId)}:${encodeURIComponent(uat.clientSecret)}`).toString('base64')}`;
  const variants: [string, () => Promise<Response>][] = [
    ['urlencoded, rawurlencoded values (WooCommerce)', () => postForm(sb, 'uat', creds)],
    ['multipart/form-data (PHP SDK)', () => sb.fetch('/uat/auth/oauth2/v2.0/token', { method: 'POST', body: multipart(creds) })],
    [
      'multipart to the trailing-slash path with curl encodings (PHP SDK / Magento)',
      () =>
        sb.fetch('/uat/auth/oauth2/v2.0/token/', {
          method: 'POST',
          headers: { 'accept-encoding': 'deflate, gzip, br, zstd' },
          body: multipart(creds),
        }),
    ],
    ['urlencoded to the trailing-slash path', () => postForm(sb, 'uat', creds, {}, '/oauth2/v2.0/token/')],
    [
      'client id and secret in HTTP Basic',
      () => postForm(sb, 'uat', { grant_type: 'client_credentials', scope: UAT_SCOPE }, { authorization: basic }),
    ],
    [
      'HTTP Basic built without form-encoding (curl -u)',
      () =>
        postForm(
          sb,
          'uat',
          { grant_type: 'client_credentials', scope: UAT_SCOPE },
          {
            authorization: `Basic ${Buffer.from(`${uat.clientId}:${uat.clientSecret}`).toString('base64')}`,
          },
        ),
    ],
    [
      'form with + for spaces and upper-case client id',
      () =>
        sb.fetch('/uat/auth/oauth2/v2.0/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
          body: `grant_type=client_credentials&client_id=${uat.clientId.toUpperCase()}&client_secret=${uat.clientSecret}&scope=openid+${UAT_SCOPE}`,
        }),
    ],
    [
      'on the api surface (the same host in reality)',
      () =>
        sb.fetch('/uat/api/oauth2/v2.0/token', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(creds).toString(),
        }),
    ],
  ];

  it.each(variants)('%s → 200, a token that verifies against the served JWKS', async (_name, send) => {
    const response = await send();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store, no-cache');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.get('content-encoding')).toBeNull();
    const body = await json(response);
    expect(Object.keys(body)).toEqual(['token_type', 'expires_in', 'ext_expires_in', 'access_token']);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599 });

    const discovery = await json<{ issuer: string }>(await sb.fetch(`/uat/auth/${UAT_TENANT}/v2.0/.well-known/openid-configuration`));
    const { payload } = await jwtVerify(body.access_token as string, createLocalJWKSet(await servedJwks()), {
      issuer: discovery.issuer,
      audience: UAT_RESOURCE,
      algorithms: ['RS256'],
      currentDate: sb.clock.now(),
    });
    expect(payload.azp).toBe(uat.clientId);
    expect((await probe(sb, 'uat', `Bearer ${body.access_token as string}`)).status).toBe(200);
  });
});

describe('other methods', () => {
  it('OPTIONS (CORS preflight) → 204 allowing POST; PUT → AADSTS900561', async () => {
    const options = await sb.fetch('/uat/auth/oauth2/v2.0/token', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, OPTIONS');
    const put = await sb.fetch('/uat/auth/oauth2/v2.0/token', { method: 'PUT', body: 'grant_type=client_credentials' });
    expect(put.status).toBe(400);
    expect((await json<{ error_description: string }>(put)).error_description).toMatch(
      /^AADSTS900561: The endpoint only accepts POST requests. Received a PUT request./,
    );
  });
});

describe('the access token', () => {
  it('carries the header and claims of an app-only v2 token, times from the sandbox clock', async () => {
    const token = await tokenFor(sb, 'uat');
    const jwks = await servedJwks();
    expect(jwtPart(token, 0)).toEqual({ typ: 'JWT', alg: 'RS256', kid: jwks.keys[0]?.kid });
    const claims = jwtPart(token, 1);
    expect(Object.keys(claims)).toEqual([
      'aud',
      'iss',
      'iat',
      'nbf',
      'exp',
      'aio',
      'azp',
      'azpacr',
      'oid',
      'rh',
      'sub',
      'tid',
      'uti',
      'ver',
    ]);
    expect(claims).toMatchObject({
      aud: UAT_RESOURCE,
      iss: UAT_ISSUER,
      iat: NOW_S - 300,
      nbf: NOW_S - 300,
      exp: NOW_S + 3599,
      azp: uat.clientId,
      azpacr: '1',
      tid: UAT_TENANT,
      ver: '2.0',
    });
    expect(claims.oid).toBe(claims.sub);
    const seeded = sb.services.env('uat').apiClients.find(uat.clientId);
    expect(claims.oid).toBe(seeded?.objectId);
  });

  it('keeps oid/sub stable per client and uti unique per token', async () => {
    const [a, b] = [jwtPart(await tokenFor(sb, 'uat'), 1), jwtPart(await tokenFor(sb, 'uat'), 1)];
    expect(a.oid).toBe(b.oid);
    expect(a.uti).not.toBe(b.uti);
    const other = jwtPart(
      await tokenFor(sb, 'uat', {
        ...clientCredentials('uat'),
        client_id: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02',
        client_secret: 'uat-secret-fjord-books-0002',
      }),
      1,
    );
    expect(other.oid).not.toBe(a.oid);
  });

  it('PROD tokens come from the PROD tenant, key and resource', async () => {
    const claims = jwtPart(await tokenFor(sb, 'prod'), 1);
    expect(claims).toMatchObject({
      aud: 'a3f3019f-2be9-41cc-a254-7bb347238e89',
      tid: PROD_TENANT,
      iss: `https://login.microsoftonline.com/${PROD_TENANT}/v2.0`,
    });
  });
});

describe('discovery and keys', () => {
  it('the discovery document matches the tokens and its URLs work', async () => {
    const response = await sb.fetch(`/uat/auth/${UAT_TENANT}/v2.0/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=86400, private');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const doc = await json<Record<string, unknown>>(response);
    expect(doc.issuer).toBe(UAT_ISSUER);
    expect(doc.token_endpoint).toBe(`${sb.baseUrl('uat', 'auth')}/oauth2/v2.0/token`);
    expect(doc.jwks_uri).toBe(`${sb.baseUrl('uat', 'auth')}/${UAT_TENANT}/discovery/v2.0/keys`);
    expect(doc.token_endpoint_auth_methods_supported).toEqual(['client_secret_post', 'private_key_jwt', 'client_secret_basic']);
    expect(doc.id_token_signing_alg_values_supported).toEqual(['RS256']);

    const issued = await sb.fetch(doc.token_endpoint as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(clientCredentials('uat') as Record<string, string>).toString(),
    });
    const token = (await json<{ access_token: string }>(issued)).access_token;
    const jwks = await json<JSONWebKeySet>(await sb.fetch(doc.jwks_uri as string));
    await expect(
      jwtVerify(token, createLocalJWKSet(jwks), { issuer: doc.issuer as string, currentDate: sb.clock.now() }),
    ).resolves.toBeTruthy();
  });

  it('every key has kid = x5t = the certificate thumbprint, and n/e of the x5c certificate', async () => {
    const response = await sb.fetch(`/uat/auth/${UAT_TENANT}/discovery/v2.0/keys`);
    expect(response.headers.get('cache-control')).toBe('max-age=86400, private');
    const { keys } = await json<{ keys: Record<string, unknown>[] }>(response);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    for (const key of keys) {
      expect(Object.keys(key).sort()).toEqual(['e', 'issuer', 'kid', 'kty', 'n', 'use', 'x5c', 'x5t']);
      expect(key).toMatchObject({ kty: 'RSA', use: 'sig', e: 'AQAB', issuer: UAT_ISSUER });
      const der = Buffer.from((key.x5c as string[])[0] ?? '', 'base64');
      expect(key.x5t).toBe(createHash('sha1').update(der).digest('base64url'));
      expect(key.kid).toBe(key.x5t);
      const certJwk = new X509Certificate(der).publicKey.export({ format: 'jwk' });
      expect(key.n).toBe(certJwk.n);
    }
  });

  it('UAT and PROD publish different keys; the domain alias and common work', async () => {
    const uatKids = (await servedJwks()).keys.map((k) => k.kid);
    const prodKids = (await servedJwks('prod', PROD_TENANT)).keys.map((k) => k.kid);
    expect(uatKids.filter((k) => prodKids.includes(k))).toEqual([]);
    const alias = await json<{ issuer: string }>(
      await sb.fetch('/uat/auth/WALLEYUAT.onmicrosoft.com/v2.0/.well-known/openid-configuration'),
    );
    expect(alias.issuer).toBe(UAT_ISSUER);
    const common = await json<{ keys: { issuer: string }[] }>(await sb.fetch('/uat/auth/common/discovery/v2.0/keys'));
    expect(common.keys[0]?.issuer).toBe('https://login.microsoftonline.com/{tenantid}/v2.0');
  });
});

describe('lifetimes', () => {
  it('follow the token settings (admin PATCH /__admin/tokens)', async () => {
    const patched = await sb.fetch('/__admin/tokens', {
      method: 'PATCH',
      body: JSON.stringify({ lifetimeSeconds: 600, extLifetimeSeconds: 900 }),
    });
    expect(await json(patched)).toMatchObject({ lifetimeSeconds: 600, extLifetimeSeconds: 900, clockSkewSeconds: 300 });
    const body = await json<{ expires_in: number; ext_expires_in: number; access_token: string }>(
      await postForm(sb, 'uat', clientCredentials('uat')),
    );
    expect([body.expires_in, body.ext_expires_in]).toEqual([600, 900]);
    expect(jwtPart(body.access_token, 1).exp).toBe(NOW_S + 600);
  });

  it('are overridable per API client', async () => {
    const path = `/__admin/uat/merchants/1001/api-clients/${uat.clientId}`;
    expect((await sb.fetch(path, { method: 'PATCH', body: JSON.stringify({ tokenLifetimeSeconds: 120 }) })).status).toBe(200);
    const body = await json<{ expires_in: number; ext_expires_in: number }>(await postForm(sb, 'uat', clientCredentials('uat')));
    expect([body.expires_in, body.ext_expires_in]).toEqual([120, 120]);
  });
});

describe('bearer checks (middleware as mounted on the api surface)', () => {
  const tokenUrl = () => `${sb.baseUrl('uat', 'auth')}/oauth2/v2.0/token`;

  async function expect401(response: Response, reason: string, challenge: string): Promise<string> {
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(challenge);
    const body = await json<{
      id: string;
      data: null;
      error: { code: number; message: string; errors: { reason: string; message: string }[] };
    }>(response);
    expect(Object.keys(body)).toEqual(['id', 'data', 'error']);
    expect(body.data).toBeNull();
    expect(body.error.code).toBe(401);
    expect(body.error.errors).toEqual([{ reason, message: body.error.message }]);
    expect(body.error.message).toContain(tokenUrl());
    return body.error.message;
  }

  it('a valid token passes and names the caller', async () => {
    const response = await probe(sb, 'uat', `Bearer ${await tokenFor(sb, 'uat')}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ caller: { scheme: 'bearer', merchantId: '1001', clientId: uat.clientId } });
  });

  it('tolerates the scheme in any case and extra spaces', async () => {
    expect((await probe(sb, 'uat', `bearer   ${await tokenFor(sb, 'uat')}  `)).status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined],
    ['an empty Authorization header (WooCommerce after a failed token request)', ''],
    ['"Bearer" without a token', 'Bearer'],
    ['"Bearer " with only spaces', 'Bearer    '],
  ])('%s → 401 with a bare Bearer challenge', async (_name, header) => {
    const message = await expect401(await probe(sb, 'uat', header), 'Authentication_Required', 'Bearer');
    expect(message).toContain("send 'Authorization: Bearer <access_token>'");
  });

  it('a SharedKey header → 401, bare challenge, pointing at the legacy host', async () => {
    const message = await expect401(await probe(sb, 'uat', 'SharedKey bXk6c2ln'), 'Authentication_Required', 'Bearer');
    expect(message).toContain(sb.baseUrl('uat', 'legacy'));
  });

  async function signed(claims: Record<string, unknown>, kid?: string): Promise<string> {
    const ring = await sb.surfaceDeps('uat', 'api').identity.keyRing('uat');
    const jwt = new SignJWT(claims).setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: kid ?? ring.signing.kid });
    return jwt.sign(ring.signing.privateKey);
  }
  const good = { aud: UAT_RESOURCE, iss: UAT_ISSUER, iat: NOW_S, nbf: NOW_S, exp: NOW_S + 3600, azp: uat.clientId, tid: UAT_TENANT };

  const invalid: [string, () => Promise<string>, string][] = [
    ['a malformed token', async () => 'not-a-jwt', 'The token is malformed'],
    [
      'a tampered signature',
      async () => {
        const [h, p, s] = (await tokenFor(sb, 'uat')).split('.');
        return `${h}.${p}.${(s ?? '').slice(0, -4)}AAAA`;
      },
      'The signature is invalid',
    ],
    [
      'a tampered payload',
      async () => {
        const [h, , s] = (await tokenFor(sb, 'uat')).split('.');
        return `${h}.${Buffer.from(JSON.stringify({ ...good, azp: '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a02' })).toString('base64url')}.${s}`;
      },
      'The signature is invalid',
    ],
    [
      'a key the environment does not publish',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT(good).setProtectedHeader({ alg: 'RS256', kid: 'someone-else' }).sign(privateKey);
      },
      'The signature key was not found',
    ],
    ['a wrong audience', () => signed({ ...good, aud: 'api://someone-else' }), "The audience 'api://someone-else' is invalid"],
    ['a wrong issuer', () => signed({ ...good, iss: 'https://sts.windows.net/x/' }), "The issuer 'https://sts.windows.net/x/' is invalid"],
    ['no expiry', () => signed({ ...good, exp: undefined }), 'The token has no expiration'],
    ['not valid yet (beyond the skew)', () => signed({ ...good, nbf: NOW_S + 600 }), "The token is not valid before '10/30/2026 12:10:00'"],
  ];

  it.each(invalid)('%s → 401 invalid_token', async (_name, make, description) => {
    const response = await probe(sb, 'uat', `Bearer ${await make()}`);
    await expect401(
      response,
      description.startsWith('The token is not valid before') ? 'Token_Not_Yet_Valid' : 'Invalid_Token',
      `Bearer error="invalid_token", error_description="${description}"`,
    );
  });

  it('advancing the clock past exp + skew turns 200 into 401, with the expiry in sandbox time', async () => {
    const token = await tokenFor(sb, 'uat'); // exp = 12:59:59Z, skew 300 s
    expect((await probe(sb, 'uat', `Bearer ${token}`)).status).toBe(200);
    sb.clock.advance((3599 + 300 - 1) * 1000);
    expect((await probe(sb, 'uat', `Bearer ${token}`)).status).toBe(200);
    sb.clock.advance(1000);
    const message = await expect401(
      await probe(sb, 'uat', `Bearer ${token}`),
      'Token_Expired',
      `Bearer error="invalid_token", error_description="The token expired at '10/30/2026 12:59:59'"`,
    );
    expect(message).toContain('expired at 2026-10-30T12:59:59.000Z');
    expect(message).toContain('Request a new token from');
  });

  it('the skew is a setting (0 s: refused right at exp)', async () => {
    await sb.fetch('/__admin/tokens', { method: 'PATCH', body: JSON.stringify({ clockSkewSeconds: 0 }) });
    const token = await tokenFor(sb, 'uat');
    sb.clock.advance(3598 * 1000);
    expect((await probe(sb, 'uat', `Bearer ${token}`)).status).toBe(200);
    sb.clock.advance(1000);
    expect((await probe(sb, 'uat', `Bearer ${token}`)).status).toBe(401);
  });

  it('a UAT token is refused in PROD, and a PROD token in UAT', async () => {
    const inProd = await probe(sb, 'prod', `Bearer ${await tokenFor(sb, 'uat')}`);
    expect(inProd.status).toBe(401);
    expect(inProd.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The signature key was not found"',
    );
    expect((await json<{ error: { message: string } }>(inProd)).error.message).toContain('issued by the UAT identity provider');
    const message = await expect401(
      await probe(sb, 'uat', `Bearer ${await tokenFor(sb, 'prod')}`),
      'Invalid_Token',
      'Bearer error="invalid_token", error_description="The signature key was not found"',
    );
    expect(message).toContain('PROD');
  });
});

describe('API clients through the admin API', () => {
  const base = '/__admin/uat/merchants/1001/api-clients';

  it('creates a client whose secret is shown once and works at once', async () => {
    const created = await sb.fetch(base, { method: 'POST', body: JSON.stringify({ name: 'New shop' }) });
    expect(created.status).toBe(201);
    const client = await json<{ clientId: string; clientSecret: string; scope: string; tokenEndpoint: string; secrets: unknown[] }>(
      created,
    );
    expect(client.clientSecret).toMatch(/^.{3}8Q~.{34}$/);
    expect(client.scope).toBe(UAT_SCOPE);
    const token = await tokenFor(sb, 'uat', {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      scope: UAT_SCOPE,
    });
    expect(await json(await probe(sb, 'uat', `Bearer ${token}`))).toEqual({
      caller: { scheme: 'bearer', merchantId: '1001', clientId: client.clientId },
    });

    const listed = JSON.stringify(await json(await sb.fetch(base)));
    expect(listed).toContain(client.clientId);
    expect(listed).not.toContain(client.clientSecret);
    expect(listed).not.toContain('"hash"');
    expect(listed).not.toContain('"salt"');
    expect(JSON.stringify(sb.snapshot())).not.toContain(client.clientSecret);
    // Scenario secrets are hashed at seeding too.
    expect(JSON.stringify(sb.snapshot())).not.toContain(uat.clientSecret);
  });

  it('a new secret works next to the old one until the old one is deleted; issued tokens live on', async () => {
    const added = await json<{ clientSecret: string; secretId: string }>(
      await sb.fetch(`${base}/${uat.clientId}/secrets`, { method: 'POST', body: '{}' }),
    );
    const oldToken = await tokenFor(sb, 'uat');
    expect((await postForm(sb, 'uat', { ...clientCredentials('uat'), client_secret: added.clientSecret })).status).toBe(200);

    const view = await json<{ secrets: { secretId: string }[] }>(await sb.fetch(`${base}/${uat.clientId}`));
    const oldSecretId = view.secrets.find((s) => s.secretId !== added.secretId)?.secretId;
    expect((await sb.fetch(`${base}/${uat.clientId}/secrets/${oldSecretId}`, { method: 'DELETE' })).status).toBe(200);
    const refused = await postForm(sb, 'uat', clientCredentials('uat'));
    expect(refused.status).toBe(401);
    expect((await json<{ error_codes: number[] }>(refused)).error_codes).toEqual([7000215]);
    expect((await postForm(sb, 'uat', { ...clientCredentials('uat'), client_secret: added.clientSecret })).status).toBe(200);
    expect((await probe(sb, 'uat', `Bearer ${oldToken}`)).status).toBe(200);
  });

  it('revoking a client refuses its tokens (401) and its token requests (700016)', async () => {
    const token = await tokenFor(sb, 'uat');
    const revoked = await sb.fetch(`${base}/${uat.clientId}`, { method: 'DELETE' });
    expect((await json<{ revokedAt: string }>(revoked)).revokedAt).toBe('2026-10-30T12:00:00.000Z');
    const response = await probe(sb, 'uat', `Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="The client '${uat.clientId}' has been revoked"`,
    );
    expect((await json<{ error: { errors: { reason: string }[] } }>(response)).error.errors[0]?.reason).toBe('Client_Revoked');
    const request = await postForm(sb, 'uat', clientCredentials('uat'));
    expect((await json<{ error_codes: number[] }>(request)).error_codes).toEqual([700016]);
    expect(request.headers.get('x-sandbox-hint')).toContain('revoked');
    expect((await sb.fetch(`${base}/${uat.clientId}/secrets`, { method: 'POST', body: '{}' })).status).toBe(409);
  });

  it('answers unknown merchants, clients and secrets and bad bodies with a 4xx that says what to do', async () => {
    const noMerchant = await sb.fetch('/__admin/uat/merchants/9999/api-clients');
    expect(noMerchant.status).toBe(404);
    expect((await json<{ error: { message: string } }>(noMerchant)).error.message).toContain('known merchants: 1001, 1002');
    expect((await sb.fetch(`${base}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await sb.fetch(`${base}/${uat.clientId}/secrets/nope`, { method: 'DELETE' })).status).toBe(404);
    const bad = await sb.fetch(base, { method: 'POST', body: JSON.stringify({ clientSecret: 'short' }) });
    expect(bad.status).toBe(400);
    expect((await json<{ error: { message: string } }>(bad)).error.message).toContain('clientSecret');
    const both = await sb.fetch(base, { method: 'POST', body: JSON.stringify({ secretExpiresAt: NOW, secretExpiresIn: 'PT1H' }) });
    expect(both.status).toBe(400);
  });

  it('a secret made to expire in 30 minutes stops working when the clock passes it', async () => {
    const created = await json<{ clientId: string; clientSecret: string; secretExpiresAt: string }>(
      await sb.fetch(base, { method: 'POST', body: JSON.stringify({ secretExpiresIn: 'PT30M' }) }),
    );
    expect(created.secretExpiresAt).toBe('2026-10-30T12:30:00.000Z');
    const fields = { grant_type: 'client_credentials', client_id: created.clientId, client_secret: created.clientSecret, scope: UAT_SCOPE };
    expect((await postForm(sb, 'uat', fields)).status).toBe(200);
    sb.clock.advance(30 * 60 * 1000);
    const expired = await postForm(sb, 'uat', fields);
    expect((await json<{ error_codes: number[] }>(expired)).error_codes).toEqual([7000222]);
  });
});

describe('throttling', () => {
  it('429 plain text with Retry-After once a client exceeds the limit; other clients unaffected; the window is sandbox time', async () => {
    const set = await sb.fetch('/__admin/tokens/rate-limit', { method: 'PUT', body: JSON.stringify({ requests: 2, perSeconds: 60 }) });
    expect(await json(set)).toMatchObject({ rateLimit: { requests: 2, perSeconds: 60 } });
    expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(200);
    sb.clock.advance(10_000);
    expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(200);
    sb.clock.advance(10_000);
    const throttled = await postForm(sb, 'uat', clientCredentials('uat'));
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('40');
    expect(throttled.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await throttled.text()).toBe('Too Many Requests');

    expect((await postForm(sb, 'prod', clientCredentials('prod'))).status).toBe(200);
    sb.clock.advance(40_000);
    expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(200);

    await sb.fetch('/__admin/tokens/rate-limit', { method: 'DELETE' });
    for (let i = 0; i < 5; i++) expect((await postForm(sb, 'uat', clientCredentials('uat'))).status).toBe(200);
  });
});

describe('the token-expiry scenario', () => {
  it('short tokens, a secret that expires at 12:10Z, an expired one, a one-minute client', async () => {
    const s = await openSandboxShell({ scenario: 'token-expiry' });
    const fields = (id: string, secret: string) => ({
      grant_type: 'client_credentials',
      client_id: id,
      client_secret: secret,
      scope: UAT_SCOPE,
    });
    const steady = await json<{ expires_in: number; access_token: string }>(
      await postForm(s, 'uat', fields('7e000000-0000-4000-8000-000000000001', 'expiry-uat-steady-0001')),
    );
    expect(steady.expires_in).toBe(300);
    const short = await json<{ expires_in: number }>(
      await postForm(s, 'uat', fields('7e000000-0000-4000-8000-000000000004', 'expiry-uat-short-0004')),
    );
    expect(short.expires_in).toBe(60);
    const expired = await postForm(s, 'uat', fields('7e000000-0000-4000-8000-000000000003', 'expiry-uat-expired-0003'));
    expect((await json<{ error_codes: number[] }>(expired)).error_codes).toEqual([7000222]);
    const soon = fields('7e000000-0000-4000-8000-000000000002', 'expiry-uat-soon-0002');
    expect((await postForm(s, 'uat', soon)).status).toBe(200);

    // exp 12:05:00 + 60 s skew: refused from 12:06:00 on.
    s.clock.advance(359_000);
    expect((await probe(s, 'uat', `Bearer ${steady.access_token}`)).status).toBe(200);
    s.clock.advance(1_000);
    expect((await probe(s, 'uat', `Bearer ${steady.access_token}`)).status).toBe(401);
    s.clock.advance(240_000); // 12:10:00
    expect((await json<{ error_codes: number[] }>(await postForm(s, 'uat', soon))).error_codes).toEqual([7000222]);
  });
});
