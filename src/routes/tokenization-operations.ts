/**
 * Recurring payments on the current API (docs/real-service.md, "Tokenization endpoints"), bearer only: the legacy
 * SharedKey hosts never served tokenization ("Old-style paths" lists no such path), so they answer 404.
 *   POST   /purchase/authorizations            200 {authorizationId, orderId} | 202 {authorizationId}
 *   GET    /purchase/customer-tokens/{token}   {status, cancellationDate?, paymentMethod}
 *   DELETE /purchase/customer-tokens/{token}   202 | 403 already cancelled | 404
 *   PUT    /purchase/customer-tokens/{token}   UAT test hook {AuthorizationFailure: {Reason}}; refused on PROD
 * Bodies as the tokenization docs show them: `{id, data}` on success, `{id, error}` (no data)
 * on refusals (src/http/dialects/tokenization.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { type AuthorizationRequest, type FailureReason, TokenizationRefusal, tokenPaymentMethod } from '../domain/tokenization.js';
import { bindBody } from '../domain/requests/problems.js';
import { authorizationFailureSchema, authorizationRequestSchema } from '../domain/requests/tokenization.js';
import { jsonResponse } from '../http/response.js';
import { checkoutDialect } from '../http/dialects/checkout.js';
import { tokenizationDialect } from '../http/dialects/tokenization.js';
import { type AnyOperation, jsonAnswer, operation } from '../http/operation.js';
import { refusalAnswers } from '../http/refusal-answers.js';
import type { SurfaceEnv } from '../http/types.js';
import type { TokenizationService } from '../services/tokenization.js';
import type { EnvName } from '../hosts.js';
import {
  authorizationCompletedAnswer,
  authorizationScheduledAnswer,
  customerTokenAcknowledgedAnswer,
  customerTokenAnswer,
} from './answers/tokenization.js';

export type TokenizationTableDeps = { env: EnvName; services: { tokenization: TokenizationService } };

const COMPLETED = jsonAnswer(
  'Authorized at once: {id, data: {authorizationId, orderId}}.',
  authorizationCompletedAnswer,
  'AuthorizationCompletedAnswer',
);
const SCHEDULED = jsonAnswer(
  'Accepted, attempted later: {id, data: {authorizationId}}.',
  authorizationScheduledAnswer,
  'AuthorizationScheduledAnswer',
);
const TOKEN = jsonAnswer(
  'The customer token: {id, data: {status, cancellationDate?, paymentMethod}}.',
  customerTokenAnswer,
  'CustomerTokenAnswer',
);
const DONE = jsonAnswer('Done: {id}.', customerTokenAcknowledgedAnswer, 'TokenizationAcknowledged');

const merchantOf = (c: Context<SurfaceEnv>): string => c.get('caller').merchantId;
const tokenOf = (c: Context<SurfaceEnv>): string => c.req.param('token') ?? '';
const refused = (statuses: readonly number[]) => refusalAnswers(tokenizationDialect, statuses, checkoutDialect);

export const TOKENIZATION_OPERATIONS: readonly AnyOperation<TokenizationTableDeps>[] = [
  operation<TokenizationTableDeps, AuthorizationRequest>({
    op: 'authorizeWithCustomerToken',
    method: 'POST',
    path: '/purchase/authorizations',
    auth: 'bearer',
    dialect: tokenizationDialect,
    summary: 'Charge a customer token (recurring payment)',
    description: 'Idempotent with the Walley-Idempotency-Key header.',
    body: { schema: authorizationRequestSchema, name: 'Authorization', bind: (json) => bindBody(authorizationRequestSchema, json) },
    answers: { '200': COMPLETED, '202': SCHEDULED, ...refused([400, 403, 404, 409, 413, 415, 503]) },
    handler:
      ({ services: { tokenization } }) =>
      async (c, { body, bytes }) => {
        const key = c.req.header('walley-idempotency-key')?.trim();
        const idempotency = key ? { key, fingerprint: createHash('sha256').update(bytes).digest('hex') } : null;
        const answer = await tokenization.authorize(merchantOf(c), body, idempotency);
        const headers: Record<string, string> = answer.replayed ? { 'x-sandbox-idempotent-replay': 'true' } : {};
        return jsonResponse({ id: randomUUID(), data: answer.data }, answer.status, headers);
      },
  }),
  operation<TokenizationTableDeps>({
    op: 'getCustomerToken',
    method: 'GET',
    path: '/purchase/customer-tokens/:token',
    auth: 'bearer',
    dialect: tokenizationDialect,
    summary: 'A customer token and its status',
    answers: { '200': TOKEN, ...refused([404]) },
    handler:
      ({ services: { tokenization } }) =>
      (c) => {
        const token = tokenization.token(merchantOf(c), tokenOf(c));
        const paymentMethod = tokenPaymentMethod(token, tokenization.segmentOfToken(token));
        const data = token.cancelledAt
          ? { status: token.status, cancellationDate: token.cancelledAt, paymentMethod }
          : { status: token.status, paymentMethod };
        return jsonResponse({ id: randomUUID(), data }, 200);
      },
  }),
  operation<TokenizationTableDeps>({
    op: 'cancelCustomerToken',
    method: 'DELETE',
    path: '/purchase/customer-tokens/:token',
    auth: 'bearer',
    dialect: tokenizationDialect,
    summary: 'Cancel a customer token',
    answers: { '202': DONE, ...refused([403, 404, 503]) },
    handler:
      ({ services: { tokenization } }) =>
      async (c) => {
        await tokenization.cancel(merchantOf(c), tokenOf(c));
        return jsonResponse({ id: randomUUID() }, 202);
      },
  }),
  operation<TokenizationTableDeps, FailureReason | null | undefined>({
    op: 'setAuthorizationFailure',
    method: 'PUT',
    path: '/purchase/customer-tokens/:token',
    auth: 'bearer',
    dialect: tokenizationDialect,
    summary: 'UAT test hook: make authorizations with this token fail',
    description: '{"AuthorizationFailure": {"Reason": "…"}} sets the reason, null clears it. PROD refuses it (403).',
    body: {
      schema: authorizationFailureSchema,
      name: 'AuthorizationFailure',
      required: false,
      bind: (json) => bindBody(authorizationFailureSchema, json),
    },
    answers: { '200': DONE, ...refused([400, 403, 404, 413, 415, 503]) },
    handler:
      ({ env, services: { tokenization } }) =>
      async (c, { body: failure }) => {
        // The real hook exists in the test environment only; PROD refuses it whatever the token.
        if (failure !== undefined && env !== 'uat') {
          throw new TokenizationRefusal(
            403,
            'Forbidden',
            'AuthorizationFailure simulates failed authorizations and is only available in the test environment (UAT). Use the UAT host to test failures.',
          );
        }
        const token = tokenization.token(merchantOf(c), tokenOf(c));
        if (failure !== undefined) await tokenization.setAuthorizationFailure(merchantOf(c), token.token, failure);
        return jsonResponse({ id: randomUUID() }, 200);
      },
  }),
];
