/**
 * The control plane (/__admin, src/admin/*): one entry per registered route. Bodies are
 * the zod schemas the admin handlers validate with (adminBody), so they cannot drift.
 */
import * as apiClients from '../../admin/api-clients.js';
import * as checkouts from '../../admin/checkouts.js';
import * as clock from '../../admin/clock.js';
import * as tokens from '../../admin/tokens.js';
import { resetSchema } from '../../admin/world.js';
import { type RouteDoc, route } from '../operation.js';

const ok = { '200': 'Json', '4XX': 'AdminError' } as const;
const CHECKOUT = '/__admin/:env/checkouts/:privateId';
const CLIENTS = '/__admin/:env/merchants/:merchantId/api-clients';
const none = { schema: checkouts.emptySchema, name: 'AdminEmpty', required: false };

export const ADMIN_ROUTES: RouteDoc[] = [
  route('get', '/__admin/health', { summary: 'Liveness, scenario and clock', responses: ok }),
  route('get', '/__admin/hosts', { summary: 'Every surface: real host, base URL, dedicated URL', responses: ok }),
  route('get', '/__admin/scenarios', { summary: 'The shipped scenarios', responses: ok }),
  route('post', '/__admin/reset', { summary: 'Reseed from a scenario', body: { schema: resetSchema, name: 'AdminReset', required: false }, responses: ok }),
  route('get', '/__admin/:env/merchants', { summary: 'Merchants, stores, SharedKeys and API clients', responses: ok }),

  route('get', '/__admin/clock', { summary: 'The sandbox clock', responses: ok }),
  route('put', '/__admin/clock', { summary: 'Set or freeze the clock', body: { schema: clock.setSchema, name: 'AdminClockSet' }, responses: ok }),
  route('delete', '/__admin/clock', { summary: "Back to the machine's time", responses: ok }),
  route('post', '/__admin/clock/advance', { summary: 'Advance the clock', body: { schema: clock.advanceSchema, name: 'AdminClockAdvance' }, responses: ok }),

  route('get', CHECKOUT, { summary: 'A checkout as stored and as the API shows it', responses: ok }),
  route('post', `${CHECKOUT}/customer`, { summary: 'The customer identifies', body: { schema: checkouts.identifySchema, name: 'AdminIdentify', required: false }, responses: ok }),
  route('post', `${CHECKOUT}/commit`, { summary: 'The customer commits (updates answer 423)', body: none, responses: ok }),
  route('post', `${CHECKOUT}/abort`, { summary: 'The customer aborts', body: none, responses: ok }),
  route('post', `${CHECKOUT}/purchase`, {
    summary: 'Complete the purchase and create the order',
    body: { schema: checkouts.purchaseSchema, name: 'AdminPurchase', required: false },
    responses: ok,
  }),
  route('get', `${CHECKOUT}/callbacks`, { summary: 'Validation and notification attempts', responses: ok }),

  route('post', CLIENTS, { summary: 'Create an API client', body: { schema: apiClients.createSchema, name: 'AdminApiClientCreate', required: false }, responses: { ...ok, '201': 'Json' } }),
  route('get', CLIENTS, { summary: "A merchant's API clients", responses: ok }),
  route('get', `${CLIENTS}/:clientId`, { summary: 'An API client', responses: ok }),
  route('patch', `${CLIENTS}/:clientId`, { summary: 'Rename or set a token lifetime', body: { schema: apiClients.patchSchema, name: 'AdminApiClientPatch' }, responses: ok }),
  route('post', `${CLIENTS}/:clientId/secrets`, { summary: 'Add a secret', body: { schema: apiClients.secretSchema, name: 'AdminSecretCreate', required: false }, responses: { ...ok, '201': 'Json' } }),
  route('delete', `${CLIENTS}/:clientId/secrets/:secretId`, { summary: 'Remove a secret', responses: ok }),
  route('delete', `${CLIENTS}/:clientId`, { summary: 'Revoke an API client', responses: ok }),

  route('get', '/__admin/tokens', { summary: 'Token settings', responses: ok }),
  route('patch', '/__admin/tokens', { summary: 'Change token lifetimes and skew', body: { schema: tokens.patchSchema, name: 'AdminTokensPatch' }, responses: ok }),
  route('put', '/__admin/tokens/rate-limit', { summary: 'Limit token requests', body: { schema: tokens.rateLimitSchema, name: 'AdminRateLimit' }, responses: ok }),
  route('delete', '/__admin/tokens/rate-limit', { summary: 'Remove the token rate limit', responses: ok }),

  route('get', '/__admin/openapi.json', { summary: 'This document: every surface and the control plane', responses: ok }),
  route('get', '/__admin/openapi/:document', { summary: 'One surface: auth.json, api.json, legacy.json, retired.json or admin.json', responses: ok }),
  route('get', '/__admin/docs', { summary: 'The rendered reference (Swagger UI)', responses: { '200': 'Html' } }),
  route('get', '/__admin/docs/:asset', { summary: "The reference's static files", responses: { '200': 'Asset', '404': 'AdminError' } }),
];
