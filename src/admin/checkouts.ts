/**
 * The customer's side of checkouts, for tests and demos:
 *   GET  /__admin/{env}/checkouts/{privateId}            the stored checkout and its API view
 *   POST /__admin/{env}/checkouts/{privateId}/customer   identify (generated data, or the given customer; a delivery choice)
 *   POST /__admin/{env}/checkouts/{privateId}/commit     lock it (CommittedToPurchase: updates answer 900 Purchase_Commitment_Found)
 *   POST /__admin/{env}/checkouts/{privateId}/abort      abort it (Aborted)
 *   POST /__admin/{env}/checkouts/{privateId}/purchase   complete the purchase (a delivery choice too) and create the order
 *   GET  /__admin/{env}/checkouts/{privateId}/callbacks  every validation and notification attempt
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { type Checkout, PURCHASE_RESULTS } from '../domain/model.js';
import { toMajor } from '../domain/money.js';
import { customerSchema } from '../domain/requests/customer.js';
import type { AnyOperation } from '../http/operation.js';
import type { SurfaceEnv } from '../http/types.js';
import { checkoutView } from '../routes/checkout-view.js';
import type { CustomerSimulation } from '../customer/customer.js';
import type { CallbackRecord } from '../domain/records.js';
import type { AdminDeps } from './deps.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { envParam } from './world.js';
import {
  abortedSchema,
  checkoutCallbacksSchema,
  customerStepSchema,
  inspectedCheckoutSchema,
  purchasedSchema,
} from './answers/checkouts.js';

/** A carrier and option of the checkout profile's delivery module, by id or name; left out: the first. */
const shippingChoiceSchema = z
  .object({ carrier: z.string().trim().min(1).optional(), option: z.string().trim().min(1).optional() })
  .strict()
  .meta({
    description:
      "The carrier and option of the delivery module (id or name); without a carrier its first, without an option the carrier's first.",
  });
const identifySchema = z
  .object({
    customer: z.record(z.string(), z.unknown()).optional().meta({
      description:
        'email, mobilePhoneNumber, deliveryAddress, billingAddress; on a business checkout also companyName, organizationNumber, invoiceReference, invoiceTag.',
    }),
    shipping: shippingChoiceSchema.optional(),
  })
  .strict();
const purchaseSchema = z
  .object({
    result: z.enum(PURCHASE_RESULTS).default('Preliminary'),
    paymentName: z.string().min(1).default('DirectInvoice'),
    shipping: shippingChoiceSchema.optional(),
  })
  .strict();
const emptySchema = z.object({}).strict();

type CheckoutDeps = Pick<AdminDeps, 'simulation'>;

const BASE = '/__admin/:env/checkouts/:privateId';
const NONE = jsonBody(emptySchema, 'AdminEmpty', { required: false });
const STEP = json("The checkout after the customer's step.", customerStepSchema, 'AdminCustomerStep');
/**
 * A step's refusals: unknown environment or checkout (404), a step the checkout's status does
 * not allow (409), a failed save (503).
 */
const STEP_REFUSALS = refusals(...BODY_REFUSALS, 404, 409, 503);

function simulate(c: Context<SurfaceEnv>, deps: CheckoutDeps): { simulation: CustomerSimulation; checkout: Checkout } {
  const simulation = deps.simulation(envParam(c.req.param('env')));
  return { simulation, checkout: simulation.checkout(c.req.param('privateId') ?? '') };
}

function summary(simulation: CustomerSimulation, checkout: Checkout) {
  return {
    privateId: checkout.privateId,
    publicToken: checkout.publicToken,
    status: checkout.status,
    expired: simulation.service.isExpired(checkout),
    expiresAt: checkout.expiresAt,
    data: checkoutView(checkout, simulation.service.orderOf(checkout), simulation.service.sessionExpired(checkout)),
  };
}

function callbackView(record: CallbackRecord) {
  return {
    kind: record.kind,
    url: record.url,
    state: record.state,
    nextAttemptAt: record.nextAttemptAt,
    attempts: record.attempts,
  };
}

export const CHECKOUT_OPERATIONS: readonly AnyOperation<CheckoutDeps>[] = [
  adminOperation<CheckoutDeps>({
    op: 'inspectCheckout',
    method: 'GET',
    path: BASE,
    summary: 'A checkout as stored and as the API shows it',
    answers: { '200': json('The checkout.', inspectedCheckoutSchema, 'AdminCheckout'), ...refusals(404) },
    handler: (deps) => (c) => {
      const { simulation, checkout } = simulate(c, deps);
      return c.json({ ...summary(simulation, checkout), stored: checkout });
    },
  }),
  adminOperation<CheckoutDeps, z.infer<typeof identifySchema>>({
    op: 'identifyCustomer',
    method: 'POST',
    path: `${BASE}/customer`,
    summary: 'The customer identifies',
    description:
      'Without a body: seeded fake data (over what the merchant prefilled); with {"customer": {…}}: the given fields over those.',
    body: jsonBody(identifySchema, 'AdminIdentify', { required: false }),
    answers: { '200': STEP, ...STEP_REFUSALS },
    handler:
      (deps) =>
      async (c, { body }) => {
        const { simulation, checkout } = simulate(c, deps);
        return c.json(summary(simulation, await simulation.identify(checkout, customerSchema.parse(body.customer), body.shipping ?? null)));
      },
  }),
  adminOperation<CheckoutDeps, z.infer<typeof emptySchema>>({
    op: 'commitCheckout',
    method: 'POST',
    path: `${BASE}/commit`,
    summary: 'The customer presses Complete purchase (updates answer 900 Purchase_Commitment_Found)',
    body: NONE,
    answers: { '200': STEP, ...STEP_REFUSALS },
    handler: (deps) => async (c) => {
      const { simulation, checkout } = simulate(c, deps);
      return c.json(summary(simulation, await simulation.commit(checkout)));
    },
  }),
  adminOperation<CheckoutDeps, z.infer<typeof emptySchema>>({
    op: 'abortCheckout',
    method: 'POST',
    path: `${BASE}/abort`,
    summary: 'The customer aborts',
    body: NONE,
    answers: {
      '200': json('The checkout, aborted, and the notification it caused.', abortedSchema, 'AdminCheckoutAborted'),
      ...STEP_REFUSALS,
    },
    handler: (deps) => async (c) => {
      const { simulation, checkout } = simulate(c, deps);
      const aborted = await simulation.abort(checkout);
      return c.json({ ...summary(simulation, aborted.checkout), notification: aborted.notification && callbackView(aborted.notification) });
    },
  }),
  adminOperation<CheckoutDeps, z.infer<typeof purchaseSchema>>({
    op: 'completePurchase',
    method: 'POST',
    path: `${BASE}/purchase`,
    summary: 'Complete the purchase and create the order',
    description: "The merchant's validationUri is called first: when it fails (422), the checkout is unlocked again and no order is made.",
    body: jsonBody(purchaseSchema, 'AdminPurchase', { required: false }),
    answers: {
      '200': json(
        'The purchase completed: the checkout, its order and the calls to the merchant.',
        purchasedSchema,
        'AdminPurchaseCompleted',
      ),
      ...refusals(...BODY_REFUSALS, 404, 409, 422, 503),
    },
    handler:
      (deps) =>
      async (c, { body }) => {
        const { simulation, checkout } = simulate(c, deps);
        const outcome = await simulation.purchase(checkout, body);
        return c.json({
          ...summary(simulation, outcome.checkout),
          orderId: outcome.order.orderId,
          order: { orderId: outcome.order.orderId, status: outcome.order.status, totalAmount: toMajor(outcome.order.totalAmount) },
          validation: outcome.validation && callbackView(outcome.validation),
          notification: outcome.notification && callbackView(outcome.notification),
        });
      },
  }),
  adminOperation<CheckoutDeps>({
    op: 'listCheckoutCallbacks',
    method: 'GET',
    path: `${BASE}/callbacks`,
    summary: 'Validation and notification attempts',
    description: 'Waits for deliveries in flight.',
    answers: { '200': json("The checkout's calls to the merchant.", checkoutCallbacksSchema, 'AdminCheckoutCallbacks'), ...refusals(404) },
    handler: (deps) => async (c) => {
      const { simulation, checkout } = simulate(c, deps);
      const records = await simulation.callbacks(checkout);
      return c.json({
        privateId: checkout.privateId,
        callbacks: records.map(callbackView),
        // Flat list in the order they were made: what the merchant's endpoints saw.
        attempts: records
          .flatMap((r) => r.attempts.map((a) => ({ kind: r.kind, ...a })))
          .sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
      });
    },
  }),
];
