/**
 * The hosted checkout page's JSON answers (src/surfaces/frontend.ts), as zod schemas of what
 * is sent. Only the page's own script reads them; refusals are `{error: {status, message}}`
 * (+ `event` on a failed validation), see src/http/envelopes.ts.
 */
import { z } from 'zod';
import { deliveryChoiceViewSchema } from './checkout.js';
import { CHECKOUT_STATUSES, PURCHASE_RESULTS } from '../../domain/model.js';

/** 200 of POST /checkout/{publicToken}/customer: the checkout's status and what identifies the customer. */
export const pageIdentifiedSchema = z
  .strictObject({
    status: z.enum(CHECKOUT_STATUSES).meta({ description: 'CustomerIdentified after a successful identification.' }),
    customer: z.strictObject({
      email: z.string().nullable(),
      mobilePhoneNumber: z.string().nullable(),
      postalCode: z.string().nullable(),
    }),
    shipping: deliveryChoiceViewSchema.optional().meta({ description: 'With a delivery module: the choice the identification made.' }),
  })
  .meta({ description: 'The customer identified on the hosted page.' });

/** 200 of POST /checkout/{publicToken}/shipping: the delivery step's choice. */
export const pageShippingChosenSchema = z
  .strictObject({ status: z.enum(CHECKOUT_STATUSES), shipping: deliveryChoiceViewSchema })
  .meta({ description: 'The delivery choice the customer made on the hosted page, as data.shipping shows it.' });

/** 200 of POST /checkout/{publicToken}/purchase. */
export const pagePurchasedSchema = z
  .strictObject({
    status: z.enum(CHECKOUT_STATUSES).meta({ description: 'PurchaseCompleted.' }),
    result: z.enum(PURCHASE_RESULTS).nullable(),
    paymentName: z.string().nullable(),
    purchaseIdentifier: z
      .string()
      .regex(/^\d{8}$/)
      .nullable(),
    orderId: z.guid().meta({ description: 'The order the purchase created.' }),
  })
  .meta({ description: 'The purchase completed on the hosted page.' });

/** 200 of POST /checkout/{publicToken}/abort: the pay link's go-back button. */
export const pageAbortedSchema = z
  .strictObject({
    status: z.enum(CHECKOUT_STATUSES).meta({ description: 'Aborted.' }),
    redirect: z
      .string()
      .nullable()
      .meta({ description: "The checkout's checkoutAbortedRedirectPageUri, where the page sends the customer; null when none was given." }),
  })
  .meta({ description: 'The session is aborted for good and the merchant notified.' });

/** 200 of GET /checkout/{publicToken}/state, and each event of its stream: what the open page watches. */
export const pageStateSchema = z
  .strictObject({
    status: z.enum(CHECKOUT_STATUSES),
    now: z.iso.datetime().meta({ description: 'Sandbox time.' }),
    expiresAt: z.iso.datetime(),
    expired: z.boolean().meta({ description: 'The session passed expiresAt on the sandbox clock: the page fires walleyCheckoutExpired.' }),
    revision: z
      .string()
      .min(1)
      .meta({ description: "Changes when the shop changes the cart, the fees or its shipping block; the customer's own steps leave it." }),
  })
  .meta({ description: "The hosted page's view of its checkout on the sandbox clock." });
