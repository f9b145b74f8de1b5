/**
 * Order administration (src/routes/orders.ts): one entry per registered route.
 */
import { actionReferenceSchema, amountCommandSchema } from '../../domain/schemas/order.js';
import { type RouteDoc, route } from '../operation.js';

// Authentication failures come from the bearer middleware in the checkout envelope; the rest are problem details (503 NOT_SAVED too).
const refused = { '401': 'CheckoutError', '403': 'CheckoutError', '4XX': 'Problem', '5XX': 'Problem' } as const;
const read = { '200': 'OrderOk', ...refused } as const;
const write = { '201': 'Accepted', '202': 'Accepted', ...refused } as const;

const amount = { schema: amountCommandSchema, name: 'OrderAmountCommand' };
const action = { schema: actionReferenceSchema, name: 'OrderActionReference', required: false };

export const ORDER_ROUTES: RouteDoc[] = [
  route('get', '/manage/orders', { summary: 'The latest orders', responses: { ...read, '200': 'OrderList' } }),
  route('get', '/manage/orders/:orderId', { summary: 'Read an order', responses: read }),
  route('get', '/manage/orders/:orderId/reauthorize/:reauthorizationId', { summary: 'Read a reauthorization', responses: { ...read, '200': 'Reauthorization' } }),
  route('post', '/manage/orders/:orderId/capture', { summary: 'Capture (activate) an amount', body: amount, responses: write }),
  route('post', '/manage/orders/:orderId/refund', { summary: 'Refund an amount', body: amount, responses: write }),
  route('post', '/manage/orders/:orderId/reauthorize', { summary: 'Reauthorize to a new amount', body: amount, responses: write }),
  route('post', '/manage/orders/:orderId/cancel', { summary: 'Cancel the order', body: action, responses: write }),
  route('post', '/manage/orders/:orderId/extend', { summary: 'Extend the due date', body: action, responses: write }),
];
