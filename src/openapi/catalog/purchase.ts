/**
 * Recurring payments on the current API (src/routes/tokenization.ts): one entry per route.
 */
import { authorizationFailureSchema, authorizationSchema } from '../../domain/schemas/tokenization.js';
import { type RouteDoc, route } from '../operation.js';

const refused = { '4XX': 'CheckoutError' } as const;

export const PURCHASE_ROUTES: RouteDoc[] = [
  route('post', '/purchase/authorizations', {
    summary: 'Charge a customer token (recurring payment)',
    body: { schema: authorizationSchema, name: 'Authorization' },
    responses: { '200': 'Json', '202': 'Json', ...refused },
  }),
  route('get', '/purchase/customer-tokens/:token', { summary: 'A customer token and its status', responses: { '200': 'Json', ...refused } }),
  route('delete', '/purchase/customer-tokens/:token', { summary: 'Cancel a customer token (202; 403 when already cancelled)', responses: { '202': 'Json', ...refused } }),
  route('put', '/purchase/customer-tokens/:token', {
    summary: 'UAT test hook: make later authorizations fail',
    body: { schema: authorizationFailureSchema, name: 'AuthorizationFailure' },
    responses: { '202': 'Json', '200': 'Json', ...refused },
  }),
];
