/**
 * /__admin/tokens: the token settings of the running sandbox (both environments), as the
 * scenario's `tokens` section sets them at start-up.
 *
 *   GET    /__admin/tokens              lifetimes, skew, rate limit
 *   PATCH  /__admin/tokens              change any of them
 *   PUT    /__admin/tokens/rate-limit   {"requests": 5, "perSeconds": 60}
 *   DELETE /__admin/tokens/rate-limit   no throttling
 */
import { z } from 'zod';
import { rateLimitSchema as keptRateLimit, tokenSettingsFields } from '../domain/settings.js';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { tokenSettingsSchema } from './answers/api-clients.js';

const rateLimitBodySchema = keptRateLimit.strict();

/** Any of the settings, each as the sandbox keeps it. */
const tokenSettingsPatchSchema = tokenSettingsFields.extend({ rateLimit: rateLimitBodySchema.nullable() }).partial().strict();

type TokenDeps = Pick<AdminDeps, 'services' | 'identity'>;

const SETTINGS = json('The token settings as they now are.', tokenSettingsSchema, 'AdminTokenSettings');

/** A new limit starts with empty windows, so a test sees exactly the limit it set. */
const freshLimit = (deps: TokenDeps): void => deps.identity.rateLimiter.clear();

export const TOKEN_OPERATIONS: readonly AnyOperation<TokenDeps>[] = [
  adminOperation<TokenDeps>({
    op: 'getTokenSettings',
    method: 'GET',
    path: '/__admin/tokens',
    summary: 'Token settings',
    answers: { '200': SETTINGS, ...refusals() },
    handler: (deps) => (c) => c.json(deps.services.settings.current().tokens),
  }),
  adminOperation<TokenDeps, z.infer<typeof tokenSettingsPatchSchema>>({
    op: 'updateTokenSettings',
    method: 'PATCH',
    path: '/__admin/tokens',
    summary: 'Change token lifetimes and skew',
    body: jsonBody(tokenSettingsPatchSchema, 'AdminTokensPatch'),
    answers: { '200': SETTINGS, ...refusals(...BODY_REFUSALS, 503) },
    handler:
      (deps) =>
      async (c, { body }) => {
        const patch = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
        const tokens = await deps.services.settings.patchTokens(patch);
        if (body.rateLimit !== undefined) freshLimit(deps);
        return c.json(tokens);
      },
  }),
  adminOperation<TokenDeps, z.infer<typeof rateLimitBodySchema>>({
    op: 'setTokenRateLimit',
    method: 'PUT',
    path: '/__admin/tokens/rate-limit',
    summary: 'Limit token requests',
    body: jsonBody(rateLimitBodySchema, 'AdminRateLimit'),
    answers: { '200': SETTINGS, ...refusals(...BODY_REFUSALS, 503) },
    handler:
      (deps) =>
      async (c, { body }) => {
        const tokens = await deps.services.settings.setRateLimit(body);
        freshLimit(deps);
        return c.json(tokens);
      },
  }),
  adminOperation<TokenDeps>({
    op: 'removeTokenRateLimit',
    method: 'DELETE',
    path: '/__admin/tokens/rate-limit',
    summary: 'Remove the token rate limit',
    answers: { '200': SETTINGS, ...refusals(503) },
    handler: (deps) => async (c) => {
      const tokens = await deps.services.settings.setRateLimit(null);
      freshLimit(deps);
      return c.json(tokens);
    },
  }),
];
