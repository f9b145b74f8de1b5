/**
 * The customer's side of checkouts, for tests and demos:
 *   GET  /__admin/{env}/checkouts/{privateId}            the stored checkout and its API view
 *   POST /__admin/{env}/checkouts/{privateId}/customer   identify (generated data, or the given customer; a delivery choice)
 *   POST /__admin/{env}/checkouts/{privateId}/commit     lock it (CommittedToPurchase: updates answer 423)
 *   POST /__admin/{env}/checkouts/{privateId}/abort      abort it (Aborted)
 *   POST /__admin/{env}/checkouts/{privateId}/purchase   complete the purchase (a delivery choice too) and create the order
 *   GET  /__admin/{env}/checkouts/{privateId}/callbacks  every validation and notification attempt
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { type Checkout, PURCHASE_RESULTS } from '../domain/model.js';
import { toMajor } from '../domain/money.js';
import { customerSchema } from '../domain/schemas/customer.js';
import { checkoutView } from '../routes/checkout-view.js';
import type { CustomerSimulation } from '../simulation/customer.js';
import type { CallbackRecord } from '../domain/records.js';
import type { AdminDeps } from './deps.js';
import { adminBody } from './errors.js';
import { envParam } from './world.js';

/** A carrier and option of the checkout profile's delivery module, by id or name; left out: the first. */
export const shippingChoiceSchema = z
  .object({ carrier: z.string().trim().min(1).optional(), option: z.string().trim().min(1).optional() })
  .strict()
  .meta({ description: 'The carrier and option of the delivery module (id or name); without a carrier its first, without an option the carrier\'s first.' });
export const identifySchema = z
  .object({
    customer: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'email, mobilePhoneNumber, deliveryAddress, billingAddress; on a business checkout also companyName, organizationNumber, invoiceReference, invoiceTag.' }),
    shipping: shippingChoiceSchema.optional(),
  })
  .strict();
export const purchaseSchema = z
  .object({
    result: z.enum(PURCHASE_RESULTS).default('Preliminary'),
    paymentName: z.string().min(1).default('DirectInvoice'),
    shipping: shippingChoiceSchema.optional(),
  })
  .strict();
export const emptySchema = z.object({}).strict();

export function registerCheckoutAdmin(admin: Hono, deps: Pick<AdminDeps, 'simulation'>): void {
  const base = '/__admin/:env/checkouts/:privateId';

  const simulate = (c: Context): { simulation: CustomerSimulation; checkout: Checkout } => {
    const simulation = deps.simulation(envParam(c.req.param('env')));
    return { simulation, checkout: simulation.checkout(c.req.param('privateId') ?? '') };
  };
  const summary = (simulation: CustomerSimulation, checkout: Checkout): Record<string, unknown> => ({
    privateId: checkout.privateId,
    publicToken: checkout.publicToken,
    status: checkout.status,
    expired: simulation.service.isExpired(checkout),
    expiresAt: checkout.expiresAt,
    data: checkoutView(checkout, simulation.service.orderOf(checkout)),
  });

  admin.get(base, (c) => {
    const { simulation, checkout } = simulate(c);
    return c.json({ ...summary(simulation, checkout), stored: checkout });
  });

  admin.post(`${base}/customer`, async (c) => {
    const body = await adminBody(c, identifySchema);
    const { simulation, checkout } = simulate(c);
    return c.json(summary(simulation, await simulation.identify(checkout, customerSchema.parse(body.customer), body.shipping ?? null)));
  });

  admin.post(`${base}/commit`, async (c) => {
    await adminBody(c, emptySchema);
    const { simulation, checkout } = simulate(c);
    return c.json(summary(simulation, await simulation.commit(checkout)));
  });

  admin.post(`${base}/abort`, async (c) => {
    await adminBody(c, emptySchema);
    const { simulation, checkout } = simulate(c);
    const aborted = await simulation.abort(checkout);
    return c.json({ ...summary(simulation, aborted.checkout), notification: aborted.notification && callbackView(aborted.notification) });
  });

  admin.post(`${base}/purchase`, async (c) => {
    const body = await adminBody(c, purchaseSchema);
    const { simulation, checkout } = simulate(c);
    const outcome = await simulation.purchase(checkout, body);
    return c.json({
      ...summary(simulation, outcome.checkout),
      orderId: outcome.order.orderId,
      order: { orderId: outcome.order.orderId, status: outcome.order.status, totalAmount: toMajor(outcome.order.totalAmount) },
      validation: outcome.validation && callbackView(outcome.validation),
      notification: outcome.notification && callbackView(outcome.notification),
    });
  });

  admin.get(`${base}/callbacks`, async (c) => {
    const { simulation, checkout } = simulate(c);
    const records = await simulation.callbacks(checkout);
    return c.json({
      privateId: checkout.privateId,
      callbacks: records.map(callbackView),
      // Flat list in the order they were made: what the merchant's endpoints saw.
      attempts: records
        .flatMap((r) => r.attempts.map((a) => ({ kind: r.kind, ...a })))
        .sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
    });
  });
}

function callbackView(record: CallbackRecord): Record<string, unknown> {
  return {
    kind: record.kind,
    url: record.url,
    state: record.state,
    nextAttemptAt: record.nextAttemptAt,
    attempts: record.attempts,
  };
}
