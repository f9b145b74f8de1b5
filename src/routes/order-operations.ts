/**
 * Order administration under /manage/orders (docs/real-service.md, "Order operations"): HTTP in, domain out.
 * Reads answer `{data, links, metaData}`; writes answer 202 (or 201 for a reauthorization
 * that needs a credit check) with a relative Location and NO body — the SDK accepts nothing
 * but exactly "202 Accepted" on capture and refund. Refusals are problem details
 * (src/http/dialects/problem.ts); failed authentication answers in the checkout envelope,
 * like the rest of the host.
 */
import type { Context } from 'hono';
import type { Order } from '../domain/model.js';
import type { AmountCommand, OrderAction } from '../domain/order-admin.js';
import { actionReferenceSchema, amountCommandSchema } from '../domain/requests/order.js';
import { bindBody } from '../domain/requests/problems.js';
import { jsonResponse, jsonTextResponse } from '../http/response.js';
import { checkoutDialect } from '../http/dialects/checkout.js';
import { problemDialect } from '../http/dialects/problem.js';
import { type AnyOperation, jsonAnswer, operation } from '../http/operation.js';
import { refusalAnswers } from '../http/refusal-answers.js';
import type { Answer, SurfaceEnv } from '../http/types.js';
import { type ActionResult, LATEST_ORDERS, type OrderService } from '../services/orders.js';
import { orderDocumentSchema, latestOrdersSchema, reauthorizationSchema } from './answers/orders.js';
import { idempotentRequest } from './order-idempotency.js';
import { orderDocumentJson, orderListDocument } from './order-view.js';

export type OrderDeps = { services: { orders: OrderService } };

const ORDER = jsonAnswer('The order.', orderDocumentSchema, 'OrderDocument');
const LIST = jsonAnswer("The merchant's latest orders.", latestOrdersSchema, 'OrderList');
const REAUTHORIZATION = jsonAnswer('The reauthorization and its status.', reauthorizationSchema, 'Reauthorization');
const ACCEPTED: Answer = {
  description: 'Accepted, no body; Location points at the order.',
  headers: { Location: 'The order: /manage/orders/{orderId}' },
};
const CREDIT_CHECK: Answer = {
  description: 'A reauthorization to a higher total that needs a credit check: no body; Location points at the reauthorization to poll.',
  headers: { Location: 'The reauthorization: /manage/orders/{orderId}/reauthorize/{reauthorizationId}' },
};

function written(result: ActionResult): Response {
  const headers: Record<string, string> = { location: result.location };
  // Sandbox-only hint for debugging retries; clients ignore unknown headers.
  if (result.replayed) headers['x-sandbox-idempotent-replay'] = 'true';
  return new Response(null, { status: result.status, headers });
}

/** An order as GET /manage/orders/{orderId} shows it (the text is made once per order record). */
const orderAnswer = (order: Order): Response => jsonTextResponse(orderDocumentJson(order), 200);

const merchantOf = (c: Context<SurfaceEnv>): string => c.get('caller').merchantId;
const orderIdOf = (c: Context<SurfaceEnv>): string => c.req.param('orderId') ?? '';

// The schemas are the binders; problem details name the first problem (problemDialect.invalidBody).
const amountBody = {
  schema: amountCommandSchema,
  name: 'OrderAmountCommand',
  bind: (json: unknown) => bindBody(amountCommandSchema, json),
};
const actionBody = {
  schema: actionReferenceSchema,
  name: 'OrderActionReference',
  required: false as const,
  bind: (json: unknown) => bindBody(actionReferenceSchema, json),
};

const read = (extra: readonly number[] = []) => refusalAnswers(problemDialect, [404, ...extra], checkoutDialect);
// Every write reads a JSON body, declared as such (415 otherwise; src/http/media-type.ts).
const write = refusalAnswers(problemDialect, [400, 404, 409, 413, 415, 422, 503], checkoutDialect);

/** The order actions that take an amount (or items). */
type AmountAction = Extract<OrderAction, 'capture' | 'refund' | 'reauthorize'>;

function amountOperation(action: AmountAction, op: string, summary: string, extra: Record<string, Answer> = {}): AnyOperation<OrderDeps> {
  return operation<OrderDeps, AmountCommand>({
    op,
    method: 'POST',
    path: `/manage/orders/:orderId/${action}`,
    auth: 'bearer',
    dialect: problemDialect,
    summary,
    body: amountBody,
    answers: { '202': ACCEPTED, ...extra, ...write },
    handler:
      ({ services: { orders } }) =>
      async (c, { body, json }) => {
        const request = idempotentRequest(c, action, orderIdOf(c), json, body.actionReference);
        return written(await orders[action](merchantOf(c), orderIdOf(c), body, request));
      },
  });
}

function actionOperation(action: Extract<OrderAction, 'cancel' | 'extend'>, op: string, summary: string): AnyOperation<OrderDeps> {
  return operation<OrderDeps, string | null>({
    op,
    method: 'POST',
    path: `/manage/orders/:orderId/${action}`,
    auth: 'bearer',
    dialect: problemDialect,
    summary,
    body: actionBody,
    answers: { '202': ACCEPTED, ...write },
    handler:
      ({ services: { orders } }) =>
      async (c, { body, json }) =>
        written(await orders[action](merchantOf(c), orderIdOf(c), idempotentRequest(c, action, orderIdOf(c), json, body))),
  });
}

export const ORDER_OPERATIONS: readonly AnyOperation<OrderDeps>[] = [
  // Routes without a trailing slash also serve GET /manage/orders/ (WC: the 10 latest).
  operation<OrderDeps>({
    op: 'listOrders',
    method: 'GET',
    path: '/manage/orders',
    auth: 'bearer',
    dialect: problemDialect,
    summary: 'The latest orders',
    answers: { '200': LIST, ...refusalAnswers(problemDialect, [], checkoutDialect) },
    handler:
      ({ services: { orders } }) =>
      async (c) =>
        jsonResponse(orderListDocument(await orders.latest(merchantOf(c)), LATEST_ORDERS), 200),
  }),
  operation<OrderDeps>({
    op: 'getOrder',
    method: 'GET',
    path: '/manage/orders/:orderId',
    auth: 'bearer',
    dialect: problemDialect,
    summary: 'Read an order',
    description:
      'Order updates are eventually consistent (https://payments.collectorbank.se/docs/manage/orders/get). Off unless the merchant asks for it (orderReadLagSeconds): ' +
      'then a read shows the order as it was before the actions of the last orderReadLagSeconds of sandbox time, and 404 while the order was created that recently.',
    query: {
      correlationId:
        'The Walley-CorrelationId of a webhook about the order: the order is shown with that action applied (with a read lag; without one every read shows every action).',
    },
    answers: { '200': ORDER, ...read() },
    handler:
      ({ services: { orders } }) =>
      async (c) =>
        orderAnswer(await orders.get(merchantOf(c), orderIdOf(c), c.req.query('correlationId')?.trim() || null)),
  }),
  operation<OrderDeps>({
    op: 'getReauthorization',
    method: 'GET',
    path: '/manage/orders/:orderId/reauthorize/:reauthorizationId',
    auth: 'bearer',
    dialect: problemDialect,
    summary: 'Read a reauthorization',
    answers: { '200': REAUTHORIZATION, ...read() },
    handler:
      ({ services: { orders } }) =>
      async (c) => {
        const reauthorization = await orders.reauthorization(merchantOf(c), orderIdOf(c), c.req.param('reauthorizationId') ?? '');
        const reason = reauthorization.status === 'Failed' && reauthorization.reason ? { reason: reauthorization.reason } : {};
        return jsonResponse({ data: { id: reauthorization.id, status: reauthorization.status, ...reason } }, 200);
      },
  }),
  amountOperation('capture', 'captureOrder', 'Capture (activate) an amount'),
  amountOperation('refund', 'refundOrder', 'Refund an amount'),
  amountOperation('reauthorize', 'reauthorizeOrder', 'Reauthorize to a new amount', { '201': CREDIT_CHECK }),
  actionOperation('cancel', 'cancelOrder', 'Cancel the order'),
  actionOperation('extend', 'extendOrder', 'Extend the due date'),
];
