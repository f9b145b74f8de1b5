/**
 * Ceiling 2, the token endpoint: bare Hono + jose, reading a form POST and signing an RS256
 * access token per request with the sandbox's own UAT key (fixtures/keys/uat.key.pem), with
 * a claim set of the sandbox's size. In its own process; prints `listening <port>`.
 *   node --import tsx bench/ceiling-jose.ts
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { SignJWT, importPKCS8 } from 'jose';

const pem = readFileSync(new URL('../fixtures/keys/uat.key.pem', import.meta.url), 'utf8');
const key = await importPKCS8(pem, 'RS256');
const TENANT = '1a2b3c4d-0000-4000-8000-00000000a001';
// A fixed instant: the ceiling measures signing, not clocks (and the house reads time via src/clock.ts).
const NOW = 1_780_272_000;

const app = new Hono();
app.post('/token', async (c) => {
  const form = await c.req.parseBody();
  const clientId = String(form.client_id ?? '');
  const accessToken = await new SignJWT({
    aio: randomBytes(24).toString('base64url'),
    azp: clientId,
    azpacr: '1',
    oid: clientId,
    rh: randomBytes(16).toString('base64url'),
    tid: TENANT,
    uti: randomBytes(16).toString('base64url'),
    ver: '2.0',
  })
    .setProtectedHeader({ typ: 'JWT', alg: 'RS256', kid: 'uat-key' })
    .setIssuer(`https://login.microsoftonline.com/${TENANT}/v2.0`)
    .setAudience(String(form.scope ?? '').replace('/.default', ''))
    .setSubject(clientId)
    .setIssuedAt(NOW - 300)
    .setNotBefore(NOW - 300)
    .setExpirationTime(NOW + 3599)
    .sign(key);
  c.header('cache-control', 'no-store, no-cache');
  return c.json({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: accessToken });
});

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`listening ${info.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
