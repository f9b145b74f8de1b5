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
 * Token settings (lifetimes, skew, rate limit) live in ./tokens.ts.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { instant, parseDurationMs, parseInstant } from '../clock.js';
import type { AdminDeps } from './deps.js';
import type { ApiClient, Merchant } from '../domain/merchant.js';
import { clientSecret, name, tokenLifetime } from '../domain/scenario-fields.js';
import type { EnvName } from '../hosts.js';
import { apiClientView } from '../identity/clients.js';
import type { AnyOperation } from '../http/operation.js';
import type { SurfaceEnv } from '../http/types.js';
import { AdminError, instantField } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { envParam } from './world.js';
import { apiClientCreatedSchema, apiClientListSchema, apiClientViewSchema, clientSecretCreatedSchema } from './answers/api-clients.js';

const durationField = z
  .string()
  .refine((v) => parseDurationMs(v) !== null, { message: 'expected an ISO-8601 duration such as PT30M or P180D' });

const createSchema = z
  .object({
    name: name.optional(),
    clientSecret: clientSecret.optional(),
    secretExpiresAt: instantField.optional(),
    secretExpiresIn: durationField.optional(),
    tokenLifetimeSeconds: tokenLifetime.nullable().optional(),
  })
  .strict();

const apiClientPatchSchema = z.object({ name: name.optional(), tokenLifetimeSeconds: tokenLifetime.nullable().optional() }).strict();

const secretSchema = z
  .object({ clientSecret: clientSecret.optional(), expiresAt: instantField.optional(), expiresIn: durationField.optional() })
  .strict();

const BASE = '/__admin/:env/merchants/:merchantId/api-clients';

type ApiClientAdminDeps = Pick<AdminDeps, 'clock' | 'services' | 'identity' | 'urls'>;

const CLIENT = json('The API client as it now is.', apiClientViewSchema, 'AdminApiClient');

export const API_CLIENT_OPERATIONS: readonly AnyOperation<ApiClientAdminDeps>[] = [
  adminOperation<ApiClientAdminDeps, z.infer<typeof createSchema>>({
    op: 'createApiClient',
    method: 'POST',
    path: BASE,
    summary: 'Create an API client',
    description: 'The client secret is in this answer only; the sandbox keeps a hash.',
    body: jsonBody(createSchema, 'AdminApiClientCreate', { required: false }),
    answers: {
      '201': json('The new client and its secret.', apiClientCreatedSchema, 'AdminApiClientCreated'),
      ...refusals(...BODY_REFUSALS, 404, 503),
    },
    handler:
      (ctx) =>
      async (c, { body }) => {
        const { env, merchant } = merchantOf(c, ctx);
        const expiresAt = expiry(ctx, body.secretExpiresAt, body.secretExpiresIn, 'secretExpiresAt', 'secretExpiresIn');
        const { client, secret } = await ctx.services.env(env).apiClients.create(merchant, {
          name: body.name,
          clientSecret: body.clientSecret,
          tokenLifetimeSeconds: body.tokenLifetimeSeconds,
          expiresAt,
        });
        return c.json(
          {
            ...apiClientView(client, ctx.clock.nowMs()),
            clientSecret: secret.clientSecret,
            secretId: secret.record.secretId,
            secretExpiresAt: secret.record.expiresAt,
            tokenEndpoint: `${ctx.urls.baseUrl(env, 'auth')}/oauth2/v2.0/token`,
            scope: ctx.identity.tenant(env).scope,
            note: 'The client secret is shown only in this answer; the sandbox keeps a hash. Lost it? POST …/secrets for a new one.',
          },
          201,
        );
      },
  }),
  adminOperation<ApiClientAdminDeps>({
    op: 'listApiClients',
    method: 'GET',
    path: BASE,
    summary: "A merchant's API clients",
    answers: { '200': json("The merchant's API clients.", apiClientListSchema, 'AdminApiClients'), ...refusals(404) },
    handler: (ctx) => (c) => {
      const { env, merchant } = merchantOf(c, ctx);
      const clients = ctx.services.env(env).apiClients.list(merchant.id);
      return c.json({ env, merchantId: merchant.id, apiClients: clients.map((a) => apiClientView(a, ctx.clock.nowMs())) });
    },
  }),
  adminOperation<ApiClientAdminDeps>({
    op: 'getApiClient',
    method: 'GET',
    path: `${BASE}/:clientId`,
    summary: 'An API client',
    answers: { '200': CLIENT, ...refusals(404) },
    handler: (ctx) => (c) => c.json(apiClientView(clientOf(c, ctx).client, ctx.clock.nowMs())),
  }),
  adminOperation<ApiClientAdminDeps, z.infer<typeof apiClientPatchSchema>>({
    op: 'updateApiClient',
    method: 'PATCH',
    path: `${BASE}/:clientId`,
    summary: 'Rename or set a token lifetime',
    body: jsonBody(apiClientPatchSchema, 'AdminApiClientPatch'),
    answers: { '200': CLIENT, ...refusals(...BODY_REFUSALS, 404, 503) },
    handler:
      (ctx) =>
      async (c, { body }) => {
        const { env, client } = clientOf(c, ctx);
        const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
        const renamed = await ctx.services.env(env).apiClients.rename(client, changes);
        return c.json(apiClientView(renamed, ctx.clock.nowMs()));
      },
  }),
  adminOperation<ApiClientAdminDeps, z.infer<typeof secretSchema>>({
    op: 'addClientSecret',
    method: 'POST',
    path: `${BASE}/:clientId/secrets`,
    summary: 'Add a secret',
    description: 'The older secrets keep working until deleted; a revoked client takes none (409).',
    body: jsonBody(secretSchema, 'AdminSecretCreate', { required: false }),
    answers: {
      '201': json('The new secret, shown only here.', clientSecretCreatedSchema, 'AdminClientSecretCreated'),
      ...refusals(...BODY_REFUSALS, 404, 409, 503),
    },
    handler:
      (ctx) =>
      async (c, { body }) => {
        const { env, client } = clientOf(c, ctx);
        if (client.revokedAt !== null)
          throw new AdminError(409, `API client ${client.clientId} was revoked on ${client.revokedAt}; create a new client instead.`);
        const expiresAt = expiry(ctx, body.expiresAt, body.expiresIn, 'expiresAt', 'expiresIn');
        const { secret } = await ctx.services.env(env).apiClients.addSecret(client, { clientSecret: body.clientSecret, expiresAt });
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
      },
  }),
  adminOperation<ApiClientAdminDeps>({
    op: 'deleteClientSecret',
    method: 'DELETE',
    path: `${BASE}/:clientId/secrets/:secretId`,
    summary: 'Remove a secret',
    description: 'Tokens already issued with it stay valid.',
    answers: { '200': CLIENT, ...refusals(404, 503) },
    handler: (ctx) => async (c) => {
      const { env, client } = clientOf(c, ctx);
      const secretId = c.req.param('secretId') ?? '';
      const next = await ctx.services.env(env).apiClients.deleteSecret(client, secretId);
      if (!next) {
        const known = client.secrets.map((s) => s.secretId).join(', ') || 'none';
        throw new AdminError(404, `API client ${client.clientId} has no secret ${secretId}; its secrets: ${known}.`);
      }
      return c.json(apiClientView(next, ctx.clock.nowMs()));
    },
  }),
  adminOperation<ApiClientAdminDeps>({
    op: 'revokeApiClient',
    method: 'DELETE',
    path: `${BASE}/:clientId`,
    summary: 'Revoke an API client',
    description: 'Token requests then get AADSTS700016, its tokens 401 Client_Revoked.',
    answers: { '200': CLIENT, ...refusals(404, 503) },
    handler: (ctx) => async (c) => {
      const { env, client } = clientOf(c, ctx);
      const revoked = await ctx.services.env(env).apiClients.revoke(client);
      return c.json(apiClientView(revoked, ctx.clock.nowMs()));
    },
  }),
];

function merchantOf(c: Context<SurfaceEnv>, ctx: ApiClientAdminDeps): { env: EnvName; merchant: Merchant } {
  const env = envParam(c.req.param('env'));
  const merchantId = c.req.param('merchantId') ?? '';
  const directory = ctx.services.env(env).merchants;
  const merchant = directory.byId(merchantId);
  if (!merchant) {
    const known =
      directory
        .list()
        .map((m) => m.id)
        .join(', ') || 'none';
    throw new AdminError(
      404,
      `No merchant '${merchantId}' in ${env.toUpperCase()}; known merchants: ${known} (GET /__admin/${env}/merchants).`,
    );
  }
  return { env, merchant };
}

function clientOf(c: Context<SurfaceEnv>, ctx: ApiClientAdminDeps): { env: EnvName; client: ApiClient } {
  const { env, merchant } = merchantOf(c, ctx);
  const clientId = c.req.param('clientId') ?? '';
  const client = ctx.services.env(env).apiClients.get(merchant.id, clientId);
  if (!client) {
    throw new AdminError(
      404,
      `Merchant ${merchant.id} has no API client '${clientId}' in ${env.toUpperCase()} (GET /__admin/${env}/merchants/${merchant.id}/api-clients lists them).`,
    );
  }
  return { env, client };
}

/** An absolute instant, or a duration from now on the sandbox clock; neither means no expiry. */
function expiry(
  ctx: Pick<AdminDeps, 'clock'>,
  at: string | undefined,
  within: string | undefined,
  atName: string,
  withinName: string,
): string | null {
  if (at !== undefined && within !== undefined) throw new AdminError(400, `Send ${atName} or ${withinName}, not both.`);
  if (at !== undefined) return (parseInstant(at) as Date).toISOString();
  if (within !== undefined) {
    const at = instant(ctx.clock.nowMs() + (parseDurationMs(within) as number));
    // 'P99999999Y' parses, but lands past the end of the calendar: a 400, not a RangeError.
    if (Number.isNaN(at.getTime()))
      throw new AdminError(400, `${withinName}: '${within}' reaches past the calendar's end; send a shorter duration, or ${atName}.`);
    return at.toISOString();
  }
  return null;
}
