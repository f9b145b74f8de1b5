/**
 * /__admin/{env}/merchants/{merchantId}/api-clients: the merchant portal's API key page.
 *
 *   POST   …/api-clients                          create; the secret is in this answer only
 *   GET    …/api-clients                          list (no secrets)
 *   GET    …/api-clients/{clientId}               one client
 *   PATCH  …/api-clients/{clientId}               name, tokenLifetimeSeconds
 *   POST   …/api-clients/{clientId}/secrets       a further secret; the old ones keep working
 *   DELETE …/api-clients/{clientId}/secrets/{id}  delete one secret
 *   DELETE …/api-clients/{clientId}               revoke the client (its tokens are refused)
 *
 * Token settings (lifetimes, skew, rate limit) live in ./tokens.ts and register from here.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { instant, parseDurationMs, parseInstant } from '../clock.js';
import type { SandboxContext } from '../context.js';
import type { ApiClient, Merchant } from '../domain/model.js';
import type { EnvName } from '../hosts.js';
import { addSecret, apiClientView, createApiClient, deleteSecret, findApiClient, revokeClient } from '../identity/clients.js';
import { AdminError, adminBody } from './errors.js';
import { registerTokenSettingsAdmin } from './tokens.js';
import { envParam } from './world.js';

const instantField = z.string().refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T23:00:00Z' });
const durationField = z.string().refine((v) => parseDurationMs(v) !== null, { message: 'expected an ISO-8601 duration such as PT30M or P180D' });
const secretValue = z.string().min(8, { message: 'a client secret needs at least 8 characters' }).max(256);

export const createSchema = z
  .object({
    name: z.string().min(1).max(200).optional(),
    clientSecret: secretValue.optional(),
    secretExpiresAt: instantField.optional(),
    secretExpiresIn: durationField.optional(),
    tokenLifetimeSeconds: z.number().int().positive().nullable().optional(),
  })
  .strict();

export const patchSchema = z
  .object({ name: z.string().min(1).max(200).optional(), tokenLifetimeSeconds: z.number().int().positive().nullable().optional() })
  .strict();

export const secretSchema = z
  .object({ clientSecret: secretValue.optional(), expiresAt: instantField.optional(), expiresIn: durationField.optional() })
  .strict();

const BASE = '/__admin/:env/merchants/:merchantId/api-clients';

export function registerApiClientAdmin(admin: Hono, ctx: SandboxContext): void {
  registerTokenSettingsAdmin(admin, ctx);

  admin.post(BASE, async (c) => {
    const { env, merchant } = merchantOf(c, ctx);
    const body = await adminBody(c, createSchema);
    const expiresAt = expiry(ctx, body.secretExpiresAt, body.secretExpiresIn, 'secretExpiresAt', 'secretExpiresIn');
    const { client, secret } = createApiClient(
      ctx.store.env(env),
      merchant,
      { name: body.name, clientSecret: body.clientSecret, tokenLifetimeSeconds: body.tokenLifetimeSeconds, expiresAt },
      ctx.clock.iso(),
    );
    await ctx.store.write();
    return c.json(
      {
        ...apiClientView(client, ctx.clock.nowMs()),
        clientSecret: secret.clientSecret,
        secretId: secret.record.secretId,
        secretExpiresAt: secret.record.expiresAt,
        tokenEndpoint: `${ctx.baseUrl(env, 'auth')}/oauth2/v2.0/token`,
        scope: ctx.identity.tenant(env).scope,
        note: 'The client secret is shown only in this answer; the sandbox keeps a hash. Lost it? POST …/secrets for a new one.',
      },
      201,
    );
  });

  admin.get(BASE, (c) => {
    const { env, merchant } = merchantOf(c, ctx);
    const clients = ctx.store.env(env).apiClients.filter((a) => a.merchantId === merchant.id);
    return c.json({ env, merchantId: merchant.id, apiClients: clients.map((a) => apiClientView(a, ctx.clock.nowMs())) });
  });

  admin.get(`${BASE}/:clientId`, (c) => c.json(apiClientView(clientOf(c, ctx).client, ctx.clock.nowMs())));

  admin.patch(`${BASE}/:clientId`, async (c) => {
    const { client } = clientOf(c, ctx);
    const body = await adminBody(c, patchSchema);
    if (body.name !== undefined) client.name = body.name;
    if (body.tokenLifetimeSeconds !== undefined) client.tokenLifetimeSeconds = body.tokenLifetimeSeconds;
    await ctx.store.write();
    return c.json(apiClientView(client, ctx.clock.nowMs()));
  });

  admin.post(`${BASE}/:clientId/secrets`, async (c) => {
    const { client } = clientOf(c, ctx);
    if (client.revokedAt !== null) throw new AdminError(409, `API client ${client.clientId} was revoked on ${client.revokedAt}; create a new client instead.`);
    const body = await adminBody(c, secretSchema);
    const expiresAt = expiry(ctx, body.expiresAt, body.expiresIn, 'expiresAt', 'expiresIn');
    const secret = addSecret(client, { clientSecret: body.clientSecret, expiresAt }, ctx.clock.iso());
    await ctx.store.write();
    return c.json(
      {
        clientId: client.clientId,
        secretId: secret.record.secretId,
        clientSecret: secret.clientSecret,
        hint: secret.record.hint,
        createdAt: secret.record.createdAt,
        expiresAt: secret.record.expiresAt,
        note: 'Shown only in this answer. The older secrets keep working until you delete them.',
      },
      201,
    );
  });

  admin.delete(`${BASE}/:clientId/secrets/:secretId`, async (c) => {
    const { client } = clientOf(c, ctx);
    const secretId = c.req.param('secretId') ?? '';
    if (!deleteSecret(client, secretId)) {
      const known = client.secrets.map((s) => s.secretId).join(', ') || 'none';
      throw new AdminError(404, `API client ${client.clientId} has no secret ${secretId}; its secrets: ${known}.`);
    }
    await ctx.store.write();
    return c.json(apiClientView(client, ctx.clock.nowMs()));
  });

  admin.delete(`${BASE}/:clientId`, async (c) => {
    const { client } = clientOf(c, ctx);
    revokeClient(client, ctx.clock.iso());
    await ctx.store.write();
    return c.json(apiClientView(client, ctx.clock.nowMs()));
  });
}

function merchantOf(c: Context, ctx: SandboxContext): { env: EnvName; merchant: Merchant } {
  const env = envParam(c.req.param('env'));
  const merchantId = c.req.param('merchantId') ?? '';
  const merchants = ctx.store.env(env).merchants;
  const merchant = merchants.find((m) => m.id === merchantId);
  if (!merchant) {
    const known = merchants.map((m) => m.id).join(', ') || 'none';
    throw new AdminError(404, `No merchant '${merchantId}' in ${env.toUpperCase()}; known merchants: ${known} (GET /__admin/${env}/merchants).`);
  }
  return { env, merchant };
}

function clientOf(c: Context, ctx: SandboxContext): { env: EnvName; client: ApiClient } {
  const { env, merchant } = merchantOf(c, ctx);
  const clientId = c.req.param('clientId') ?? '';
  const client = findApiClient(ctx.store.env(env), merchant.id, clientId);
  if (!client) {
    throw new AdminError(404, `Merchant ${merchant.id} has no API client '${clientId}' in ${env.toUpperCase()} (GET /__admin/${env}/merchants/${merchant.id}/api-clients lists them).`);
  }
  return { env, client };
}

/** An absolute instant, or a duration from now on the sandbox clock; neither means no expiry. */
function expiry(ctx: SandboxContext, at: string | undefined, within: string | undefined, atName: string, withinName: string): string | null {
  if (at !== undefined && within !== undefined) throw new AdminError(400, `Send ${atName} or ${withinName}, not both.`);
  if (at !== undefined) return (parseInstant(at) as Date).toISOString();
  if (within !== undefined) {
    const at = instant(ctx.clock.nowMs() + (parseDurationMs(within) as number));
    // 'P99999999Y' parses, but lands past the end of the calendar: a 400, not a RangeError.
    if (Number.isNaN(at.getTime())) throw new AdminError(400, `${withinName}: '${within}' reaches past the calendar's end; send a shorter duration, or ${atName}.`);
    return at.toISOString();
  }
  return null;
}
