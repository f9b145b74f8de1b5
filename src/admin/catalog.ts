/**
 * The control plane (/__admin, src/admin/*): one entry per registered route, for the OpenAPI document. Bodies are
 * the zod schemas the admin handlers validate with (adminBody), so they cannot drift.
 */
import * as apiClients from './api-clients.js';
import * as checkouts from './checkouts.js';
import * as clock from './clock.js';
import { faultRuleSchema } from './faults.js';
import { callbacksSchema, invoiceStatusSchema } from './recurring.js';
import { requestPatternSchema } from './requests.js';
import * as tokens from './tokens.js';
import { createIsolatedSchema } from './sandboxes.js';
import { resetSchema } from './world.js';
import { type RouteDoc, route } from '../openapi/operation.js';

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

  route('post', '/__admin/sandboxes', {
    summary: 'Create an isolated sandbox (own state, clock, events); 429 past the limit',
    body: { schema: createIsolatedSchema, name: 'AdminSandboxCreate', required: false },
    responses: { ...ok, '201': 'Json' },
  }),
  route('get', '/__admin/sandboxes', { summary: 'The live isolated sandboxes: id, scenario, clock, created, last used', responses: ok }),
  route('delete', '/__admin/sandboxes/:id', { summary: 'Dispose of an isolated sandbox (its URLs answer 404 after)', responses: ok }),

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

  route('post', '/__admin/faults', { summary: 'Add a fault rule (latency, status, refuse, throttle, identity-outage)', body: { schema: faultRuleSchema, name: 'AdminFaultRule' }, responses: { '201': 'Json', '4XX': 'AdminError' } }),
  route('get', '/__admin/faults', { summary: 'Fault rules, how often each fired and how many remain', responses: ok }),
  route('delete', '/__admin/faults', { summary: 'Remove every fault rule', responses: ok }),
  route('delete', '/__admin/faults/:id', { summary: 'Remove one fault rule', responses: ok }),

  route('get', '/__admin/tokens', { summary: 'Token settings', responses: ok }),
  route('patch', '/__admin/tokens', { summary: 'Change token lifetimes and skew', body: { schema: tokens.patchSchema, name: 'AdminTokensPatch' }, responses: ok }),
  route('put', '/__admin/tokens/rate-limit', { summary: 'Limit token requests', body: { schema: tokens.rateLimitSchema, name: 'AdminRateLimit' }, responses: ok }),
  route('delete', '/__admin/tokens/rate-limit', { summary: 'Remove the token rate limit', responses: ok }),

  route('get', '/__admin/openapi.json', { summary: 'This document: every surface and the control plane', responses: ok }),
  route('get', '/__admin/openapi/:document', { summary: 'One surface: auth.json, api.json, legacy.json, retired.json or admin.json', responses: ok }),
  route('get', '/__admin/docs', { summary: 'The rendered reference (Swagger UI)', responses: { '200': 'Html' } }),
  route('get', '/__admin/docs/:asset', { summary: "The reference's static files", responses: { '200': 'Asset', '404': 'AdminError' } }),

  route('get', '/__admin/events', { summary: 'Server-Sent Events: state changes (checkouts, callbacks, clock moves)', responses: { '200': 'Asset' } }),
  route('get', '/__admin/:env/checkouts', { summary: 'Every checkout with its status and hosted page URL', responses: ok }),
  route('get', '/__admin/:env/orders', { summary: 'Every order with its status', responses: ok }),
  route('get', '/__admin/:env/callbacks', { summary: 'Every validation, notification, webhook and invoice-status call', responses: ok }),
  route('get', '/__admin/retirement', { summary: "The retired host's schedule and whether it answers now", responses: ok }),
  route('get', '/__admin/ui', { summary: 'The dashboard', responses: { '200': 'Html' } }),
  route('get', '/__admin/ui/dashboard.js', { summary: "The dashboard's script", responses: { '200': 'Asset' } }),

  route('put', '/__admin/:env/merchants/:merchantId/callbacks', { summary: "A merchant's webhook and invoice-status URLs", body: { schema: callbacksSchema, name: 'AdminMerchantCallbacks' }, responses: ok }),
  route('get', '/__admin/:env/webhooks', { summary: 'Webhooks sent or pending', responses: ok }),
  route('get', '/__admin/:env/customer-tokens', { summary: 'Customer tokens', responses: ok }),
  route('get', '/__admin/:env/authorizations', { summary: 'Authorizations and their attempts', responses: ok }),
  route('get', '/__admin/:env/on-hold-reviews', { summary: 'On-hold purchases under review', responses: ok }),
  route('get', '/__admin/requests', {
    summary: 'The request journal, newest first: every request and every call to a merchant',
    query: {
      env: 'uat or prod',
      surface: 'auth, api, legacy, retired, frontend, admin, merchant (outbound)',
      method: 'GET, POST, …',
      path: 'a glob (* within a segment, ** across) or a prefix',
      status: "401, '4xx' or 'refused'",
      principal: 'client id, SharedKey username or merchant id',
      since: 'sandbox time (ISO-8601)',
      auth: 'an outcome such as bearer:expired, or a scheme: sharedkey',
      direction: 'in or out',
      limit: 'at most this many entries',
    },
    responses: ok,
  }),
  route('delete', '/__admin/requests', { summary: 'Empty the request journal', responses: ok }),
  route('post', '/__admin/requests/count', { summary: 'Count journaled requests matching a pattern', body: { schema: requestPatternSchema, name: 'AdminRequestPattern' }, responses: ok }),
  route('get', '/__admin/report', { summary: 'The migration report per principal (retired, legacy, current; tokens per call; auth failures)', query: { format: 'json (default) or text' }, responses: { ...ok, '200': 'Json' } }),
  route('get', '/__admin/fidelity', { summary: 'Divergences from the real service while `record --compare` forwards traffic', responses: ok }),
  route('post', '/__admin/:env/checkouts/:privateId/invoice-status', { summary: 'Resolve an on-hold purchase now', body: { schema: invoiceStatusSchema, name: 'AdminInvoiceStatus' }, responses: ok }),
];
