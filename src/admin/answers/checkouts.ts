/**
 * The answers of the customer's side of a checkout (src/admin/checkouts.ts): the checkout's
 * status with the checkout API's own view of it (`data`, the very schema of GET
 * /checkouts/{privateId}), and what each step caused (the order, the merchant's callbacks).
 */
import { z } from 'zod';
import { CHECKOUT_STATUSES, ORDER_STATUSES } from '../../domain/model.js';
import { checkoutViewSchema, storedPublicTokenSchema } from '../../routes/answers/checkout.js';
import { CALLBACK_KINDS, callbackAttemptSchema, callbackViewSchema } from './callbacks.js';
import { guidSchema, instantSchema } from './common.js';

const summary = {
  privateId: guidSchema,
  publicToken: storedPublicTokenSchema,
  status: z.enum(CHECKOUT_STATUSES),
  expired: z.boolean().meta({ description: 'True once expiresAt has passed on the sandbox clock.' }),
  expiresAt: instantSchema,
  // The checkout API's own view (its named schema: the documents refer to it).
  data: checkoutViewSchema,
};

/** 200 of the customer's steps (identify, commit): the checkout as it now is. */
export const customerStepSchema = z.strictObject(summary).meta({ description: "The checkout after the customer's step." });

/** 200 of GET /__admin/{env}/checkouts/{privateId}. */
export const inspectedCheckoutSchema = z
  .strictObject({
    ...summary,
    // The store's record, not a contract: its fields follow the state file (minor units,
    // internal ids, fields older state files lack), so it is shown as it is and not held to a shape.
    stored: z.record(z.string(), z.unknown()).meta({
      description: 'The checkout record as the state file keeps it (amounts in minor units); its shape follows the store and may change.',
    }),
  })
  .meta({ description: 'A checkout as stored and as the checkout API shows it.' });

/** 200 of POST …/abort. */
export const abortedSchema = z
  .strictObject({
    ...summary,
    notification: callbackViewSchema.nullable().meta({
      description:
        'The notification of the aborted session, as queued (made in the background); null when the checkout has no notificationUri or was aborted already.',
    }),
  })
  .meta({ description: 'The checkout, aborted.' });

/** 200 of POST …/purchase. */
export const purchasedSchema = z
  .strictObject({
    ...summary,
    orderId: guidSchema.meta({ description: 'The order the purchase created (/manage/orders/{orderId}).' }),
    order: z.strictObject({
      orderId: guidSchema,
      status: z.enum(ORDER_STATUSES),
      totalAmount: z.number().meta({ description: 'In major units.' }),
    }),
    validation: callbackViewSchema.nullable().meta({ description: "The call to the merchant's validationUri; null without one." }),
    notification: callbackViewSchema.nullable().meta({
      description:
        "The call to the merchant's notificationUri, as queued (pending: it is made after the purchase, in the background); null without one.",
    }),
  })
  .meta({ description: 'The purchase completed: the checkout, its order and the calls to the merchant.' });

/** 200 of GET …/callbacks. */
export const checkoutCallbacksSchema = z
  .strictObject({
    privateId: guidSchema,
    callbacks: z.array(callbackViewSchema),
    attempts: z
      .array(callbackAttemptSchema.extend({ kind: z.enum(CALLBACK_KINDS) }))
      .meta({ description: "Every attempt in the order it was made: what the merchant's endpoints saw." }),
  })
  .meta({ description: 'The validation and notification calls of a checkout.' });
