/**
 * Recurring payments on the current API (src/routes/tokenization.ts): one entry per route.
 */
import { authorizationFailureSchema, authorizationSchema } from '../../domain/schemas/tokenization.js';
import { type RouteDoc, route } from '../operation.js';

// Refusals are {id, error}; a failed bearer authentication, and a failure below the routes (5xx), the checkout envelope.
const refused = { '401': 'CheckoutError', '4XX': 'TokenizationError', '5XX': 'CheckoutError' } as const;

export const PURCHASE_ROUTES: RouteDoc[] = [
  route('post', '/purchase/authorizations', {
    summary: 'Charge a customer token (recurring payment)',
    body: { schema: authorizationSchema, name: 'Authorization' },
    responses: { '200': 'AuthorizationCompleted', '202': 'AuthorizationScheduled', ...refused },
  }),
  route('get', '/purchase/customer-tokens/:token', { summary: 'A customer token and its status', responses: { '200': 'CustomerToken', ...refused } }),
  route('delete', '/purchase/customer-tokens/:token', { summary: 'Cancel a customer token (202; 403 when already cancelled)', responses: { '202': 'CustomerTokenAcknowledged', ...refused } }),
  route('put', '/purchase/customer-tokens/:token', {
    summary: 'UAT test hook: make later authorizations fail',
    body: { schema: authorizationFailureSchema, name: 'AuthorizationFailure' },
    responses: { '202': 'CustomerTokenAcknowledged', '200': 'CustomerTokenAcknowledged', ...refused },
  }),
];
