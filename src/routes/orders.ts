/**
 * Order administration under /manage/orders (service-facts §6): HTTP in, domain out.
 * Reads answer `{data, links, metaData}`; writes answer 202 (or 201 for a reauthorization
 * that needs a credit check) with a relative Location and NO body — the SDK accepts nothing
 * but exactly "202 Accepted" on capture and refund. Refusals are problem details
 * (src/http/order-errors.ts); authentication failures come from `auth` in the checkout envelope.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { unknownOrderRoute, withOrderProblems } from '../http/order-errors.js';
import type { SurfaceEnv } from '../http/types.js';
import { type ActionResult, LATEST_ORDERS, type OrderService } from '../services/orders.js';
import { actionReferenceSchema, amountCommandSchema } from '../domain/schemas/order.js';
import { idempotentRequest, orderBody, readBody } from './order-requests.js';
import { orderDocumentJson, orderListDocument } from './order-view.js';

function written(result: ActionResult): Response {
  const headers: Record<string, string> = { location: result.location };
  // Sandbox-only hint for debugging retries; clients ignore unknown headers.
  if (result.replayed) headers['x-sandbox-idempotent-replay'] = 'true';
  return new Response(null, { status: result.status, headers });
}

function jsonText(json: string): Response {
  return new Response(json, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

function merchantOf(c: Context<SurfaceEnv>): string {
  return c.get('caller').merchantId;
}

function orderIdOf(c: Context<SurfaceEnv>): string {
  return c.req.param('orderId') ?? '';
}

export function registerOrderRoutes(app: Hono<SurfaceEnv>, deps: { services: { orders: OrderService } }, options: { auth: MiddlewareHandler<SurfaceEnv> }): void {
  const { auth } = options;
  const orders = deps.services.orders;

  // strict: false on the surface makes this serve GET /manage/orders/ too (WC: the 10 latest).
  app.get(
    '/manage/orders',
    auth,
    withOrderProblems(async (c) => c.json(orderListDocument(await orders.latest(merchantOf(c)), LATEST_ORDERS))),
  );

  app.get(
    '/manage/orders/:orderId',
    auth,
    withOrderProblems(async (c) => jsonText(orderDocumentJson(await orders.get(merchantOf(c), orderIdOf(c))))),
  );

  app.get(
    '/manage/orders/:orderId/reauthorize/:reauthorizationId',
    auth,
    withOrderProblems(async (c) => {
      const reauthorization = await orders.reauthorization(merchantOf(c), orderIdOf(c), c.req.param('reauthorizationId') ?? '');
      return c.json({ data: { id: reauthorization.id, status: reauthorization.status } });
    }),
  );

  for (const operation of ['capture', 'refund', 'reauthorize'] as const) {
    app.post(
      `/manage/orders/:orderId/${operation}`,
      auth,
      withOrderProblems(async (c) => {
        const body = await readBody(c);
        const command = orderBody(amountCommandSchema, body);
        const request = idempotentRequest(c, operation, orderIdOf(c), body, command.actionReference);
        return written(await orders[operation](merchantOf(c), orderIdOf(c), command, request));
      }),
    );
  }

  for (const operation of ['cancel', 'extend'] as const) {
    app.post(
      `/manage/orders/:orderId/${operation}`,
      auth,
      withOrderProblems(async (c) => {
        const body = await readBody(c);
        const request = idempotentRequest(c, operation, orderIdOf(c), body, orderBody(actionReferenceSchema, body));
        return written(await orders[operation](merchantOf(c), orderIdOf(c), request));
      }),
    );
  }

  // Last: other methods and paths under /manage answer 404/405 as problem details, not in the checkout envelope.
  app.all('/manage/*', unknownOrderRoute);
}
