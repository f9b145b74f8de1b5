/**
 * What the dashboard lists, per environment, read through the services:
 *   GET /__admin/{env}/checkouts   every checkout with its status and hosted page URL
 *   GET /__admin/{env}/orders      every order with its status
 *   GET /__admin/{env}/callbacks   every validation and notification call with its attempts
 *   GET /__admin/retirement        the retired host's schedule and whether it answers now
 */
import type { AdminDeps } from './deps.js';
import { amountToPay } from '../domain/checkout.js';
import { toMajor } from '../domain/money.js';
import { retirementState } from '../domain/retirement.js';
import { ENVIRONMENTS } from '../hosts.js';
import type { AnyOperation } from '../http/operation.js';
import { adminOperation, json, refusals } from './operation.js';
import { envParam } from './world.js';
import { callbackListSchema, checkoutListSchema, orderListSchema, retirementSchema } from './answers/lists.js';

type ListDeps = Pick<AdminDeps, 'services' | 'simulation' | 'urls' | 'clock'>;

export const LIST_OPERATIONS: readonly AnyOperation<ListDeps>[] = [
  adminOperation<ListDeps>({
    op: 'listAllCheckouts',
    method: 'GET',
    path: '/__admin/:env/checkouts',
    summary: 'Every checkout with its status and hosted page URL',
    answers: { '200': json('Every checkout of the environment.', checkoutListSchema, 'AdminCheckoutList'), ...refusals(404) },
    handler: (ctx) => (c) => {
      const env = envParam(c.req.param('env'));
      const checkouts = ctx.services.env(env).checkouts;
      return c.json({
        env,
        checkouts: checkouts.list().map((checkout) => ({
          privateId: checkout.privateId,
          publicToken: checkout.publicToken,
          merchantId: checkout.merchantId,
          storeId: checkout.storeId,
          status: checkout.status,
          expired: checkouts.isExpired(checkout),
          reference: checkout.reference,
          currency: checkout.currency,
          amountToPay: toMajor(checkout.purchase?.amountToPay ?? amountToPay(checkout)),
          purchaseResult: checkout.purchase?.result ?? null,
          orderId: checkout.orderId,
          createdAt: checkout.createdAt,
          expiresAt: checkout.expiresAt,
          hostedPage: `${ctx.urls.baseUrl(env, 'frontend')}/checkout/${encodeURIComponent(checkout.publicToken)}`,
        })),
      });
    },
  }),
  adminOperation<ListDeps>({
    op: 'listAllOrders',
    method: 'GET',
    path: '/__admin/:env/orders',
    summary: 'Every order with its status',
    answers: { '200': json('Every order of the environment.', orderListSchema, 'AdminOrderList'), ...refusals(404) },
    handler: (ctx) => (c) => {
      const env = envParam(c.req.param('env'));
      return c.json({
        env,
        orders: ctx.services
          .env(env)
          .orders.list()
          .map((order) => ({
            orderId: order.orderId,
            merchantId: order.merchantId,
            storeId: order.storeId,
            // As stored: expiry is applied when /manage/orders reads the order.
            status: order.status,
            reference: order.reference,
            paymentMethod: order.paymentMethod,
            currency: order.currency,
            totalAmount: toMajor(order.totalAmount),
            placedAt: order.placedAt,
            expiresAt: order.expiresAt,
            checkoutPrivateId: order.checkoutPrivateId,
          })),
      });
    },
  }),
  adminOperation<ListDeps>({
    op: 'listAllCallbacks',
    method: 'GET',
    path: '/__admin/:env/callbacks',
    summary: 'Every validation, notification, webhook and invoice-status call',
    description: 'Waits for deliveries in flight.',
    answers: { '200': json('Every call to a merchant, with its attempts.', callbackListSchema, 'AdminCallbackList'), ...refusals(404) },
    handler: (ctx) => async (c) => {
      const env = envParam(c.req.param('env'));
      const records = await ctx.simulation(env).allCallbacks();
      return c.json({ env, callbacks: records });
    },
  }),
  adminOperation<ListDeps>({
    op: 'getRetirement',
    method: 'GET',
    path: '/__admin/retirement',
    summary: "The retired host's schedule and whether it answers now",
    answers: { '200': json("The retired host's schedule.", retirementSchema, 'AdminRetirement'), ...refusals() },
    handler: (ctx) => (c) => {
      const retirement = ctx.services.settings.current().retirement;
      return c.json({
        ...retirement,
        now: ctx.clock.iso(),
        state: retirementState(retirement, ctx.clock.nowMs()),
        hosts: Object.fromEntries(ENVIRONMENTS.map((env) => [env, ctx.urls.hosts[env].retired.host])),
      });
    },
  }),
];
