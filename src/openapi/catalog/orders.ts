/**
 * Order administration (src/routes/orders.ts): one entry per registered route.
 */
import { actionReferenceSchema, amountCommandSchema } from '../../domain/schemas/order.js';
import { type RouteDoc, route } from '../operation.js';

const read = { '200': 'OrderOk', '401': 'CheckoutError', '403': 'CheckoutError', '4XX': 'Problem' } as const;
const write = { '201': 'Accepted', '202': 'Accepted', '401': 'CheckoutError', '403': 'CheckoutError', '4XX': 'Problem' } as const;

const amount = { schema: amountCommandSchema, name: 'OrderAmountCommand' };
const action = { schema: actionReferenceSchema, name: 'OrderActionReference', required: false };

export const ORDER_ROUTES: RouteDoc[] = [
  route('get', '/manage/orders', { summary: 'The latest orders', responses: { ...read, '200': 'Json' } }),
  route('get', '/manage/orders/:orderId', { summary: 'Read an order', responses: read }),
  route('get', '/manage/orders/:orderId/reauthorize/:reauthorizationId', { summary: 'Read a reauthorization', responses: { ...read, '200': 'Json' } }),
  route('post', '/manage/orders/:orderId/capture', { summary: 'Capture (activate) an amount', body: amount, responses: write }),
  route('post', '/manage/orders/:orderId/refund', { summary: 'Refund an amount', body: amount, responses: write }),
  route('post', '/manage/orders/:orderId/reauthorize', { summary: 'Reauthorize to a new amount', body: amount, responses: write }),
  route('post', '/manage/orders/:orderId/cancel', { summary: 'Cancel the order', body: action, responses: write }),
  route('post', '/manage/orders/:orderId/extend', { summary: 'Extend the due date', body: action, responses: write }),
];
