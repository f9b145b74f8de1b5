/**
 * PUT /__admin/{env}/merchants/{merchantId}/order-read-lag {"orderReadLagSeconds": 3 | null}:
 * the service's eventual consistency for one merchant, off by default (docs/orders.md,
 * "Eventual consistency"). A merchant setting rather than a fault: what a lagged read shows
 * depends on the order's actions and their correlation ids, kept with the state on the sandbox
 * clock, which a fault rule (matched before the surface, with no state) cannot see; and it is
 * the one merchant's, so a shared sandbox's other merchants keep reading their own writes.
 */
import { z } from 'zod';
import { merchantFields } from '../domain/merchant.js';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { envParam } from './world.js';

const orderReadLagSchema = z.object({ orderReadLagSeconds: merchantFields.shape.orderReadLagSeconds.unwrap() }).strict();

const orderReadLagSetSchema = z
  .strictObject({
    merchantId: z.string(),
    orderReadLagSeconds: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Seconds of sandbox time; null: every read sees every action at once.' }),
  })
  .meta({ description: "The merchant's order read lag." });

type LagDeps = Pick<AdminDeps, 'services'>;

export const ORDER_READ_LAG_OPERATIONS: readonly AnyOperation<LagDeps>[] = [
  adminOperation<LagDeps, z.infer<typeof orderReadLagSchema>>({
    op: 'setMerchantOrderReadLag',
    method: 'PUT',
    path: '/__admin/:env/merchants/:merchantId/order-read-lag',
    summary: "How long the merchant's order reads lag its order actions",
    description:
      'Eventual consistency as https://payments.collectorbank.se/docs/manage/orders/get describes it: for this many seconds of sandbox time after an order action ' +
      "(or the order's creation), GET /manage/orders/{orderId} shows the order as it was before (404 for a new order, also for its writes), unless it names " +
      "the action's correlationId (its webhook's Walley-CorrelationId). null turns it off (the default).",
    body: jsonBody(orderReadLagSchema, 'AdminMerchantOrderReadLag'),
    answers: {
      '200': json("The merchant's order read lag.", orderReadLagSetSchema, 'AdminMerchantOrderReadLagSet'),
      ...refusals(...BODY_REFUSALS, 404, 503),
    },
    handler:
      (ctx) =>
      async (c, { body }) => {
        const env = envParam(c.req.param('env'));
        const merchantId = c.req.param('merchantId') ?? '';
        const merchant = await ctx.services.env(env).merchants.setOrderReadLag(merchantId, body.orderReadLagSeconds);
        if (!merchant)
          throw new AdminError(404, `No merchant ${merchantId} in ${env.toUpperCase()}; GET /__admin/${env}/merchants lists them.`);
        return c.json({ merchantId, orderReadLagSeconds: merchant.orderReadLagSeconds ?? null });
      },
  }),
];
