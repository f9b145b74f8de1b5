/**
 * The identity flow over real sockets: a JOSE client fetching discovery and the JWKS by URL
 * (createRemoteJWKSet), and header spellings only a raw socket can send
 * (`Authorization:Bearer x`, an empty Authorization header).
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSandboxShell } from '../support/sandbox.js';
import { UAT_TENANT, clientCredentials, probeApp, rawUrlEncoded, tokenFor } from '../support/identity.js';

const sb = useSandboxShell({ port: 0, now: '2026-10-30T12:00:00Z', frozen: true });
let url: string;
beforeEach(async () => {
  url = (await sb.listen()).url;
});

/** Sends bytes exactly as written and returns the raw response text. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('a JOSE client by URL only', () => {
  it('discovers the token endpoint and JWKS, gets a token (gzip offered) and verifies it with createRemoteJWKSet', async () => {
    const discovery = (await (await fetch(`${url}/uat/auth/${UAT_TENANT}/v2.0/.well-known/openid-configuration`)).json()) as {
      issuer: string;
      token_endpoint: string;
      jwks_uri: string;
    };
    expect(discovery.jwks_uri.startsWith(`${url}/uat/auth/`)).toBe(true);
    const issued = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip, deflate, br' },
      body: rawUrlEncoded(clientCredentials('uat')),
    });
    expect(issued.status).toBe(200);
    const { access_token: token } = (await issued.json()) as { access_token: string };
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: discovery.issuer,
      audience: '705798e0-8cef-427c-ae00-6023deba29af',
      currentDate: sb.clock.now(),
    });
    expect(payload.tid).toBe(UAT_TENANT);
  });
});

describe('header spellings over a raw socket', () => {
  let close: () => Promise<void>;
  let port: number;
  beforeEach(async () => {
    const server = serve({ fetch: probeApp(sb, 'uat').fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    port = (server.address() as AddressInfo).port;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterEach(() => close());

  it('`Authorization:Bearer <token>` (no space after the colon, as the PHP SDK sends it) passes', async () => {
    const token = await tokenFor(sb, 'uat');
    const response = await rawHttp(port, `GET /probe HTTP/1.1\r\nHost: x\r\nAuthorization:Bearer ${token}\r\nConnection: close\r\n\r\n`);
    expect(response.startsWith('HTTP/1.1 200')).toBe(true);
    expect(response).toContain('"scheme":"bearer"');
  });

  it('an empty Authorization header gets 401 and a bare Bearer challenge', async () => {
    const response = await rawHttp(port, 'GET /probe HTTP/1.1\r\nHost: x\r\nAuthorization:\r\nConnection: close\r\n\r\n');
    expect(response.startsWith('HTTP/1.1 401')).toBe(true);
    expect(response.toLowerCase()).toContain('\r\nwww-authenticate: bearer\r\n');
    expect(response).toContain('"reason":"Authentication_Required"');
    // The advice names the token endpoint on the port the sandbox really listens on.
    expect(response).toContain(`${url}/uat/auth/oauth2/v2.0/token`);
  });
});

describe('through the api surface business routes', () => {
  const privateId = '0b7d6a52-1f0e-4c1e-9a11-5d2a1c3e4f01';

  it('GET /checkouts/{privateId} and /manage/orders/{orderId}: 200 with a token; 401 without, expired, or in PROD', async () => {
    const token = await tokenFor(sb, 'uat');
    const orderId = sb.snapshot().environments.uat.orders.find((o) => o.merchantId === '1001')?.orderId ?? 'none';
    for (const path of [`/uat/api/checkouts/${privateId}`, `/uat/api/manage/orders/${orderId}`]) {
      const ok = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(ok.status, path).toBe(200);
      const none = await fetch(`${url}${path}`);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await none.json()) as { error: { message: string } }).error.message).toContain(`${url}/uat/auth/oauth2/v2.0/token`);
    }
    const prod = await fetch(`${url}/prod/api/checkouts/${privateId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(prod.status).toBe(401);
    expect(prod.headers.get('www-authenticate')).toContain('error="invalid_token"');

    sb.clock.advance((3599 + 300) * 1000);
    const expired = await fetch(`${url}/uat/api/checkouts/${privateId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", error_description="The token expired at '10/30/2026 12:59:59'"`,
    );
  });
});
