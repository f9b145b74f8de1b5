/**
 * The answers of the control plane of recurring payments and on-hold reviews
 * (src/admin/recurring.ts): the merchant's callback URLs, webhooks with their bodies, customer
 * tokens, authorizations and the reviews of on-hold purchases. Amounts in major units, as
 * the API shows them.
 */
import { z } from 'zod';
import { INVOICE_STATUS, type InvoiceStatusName } from '../../domain/invoice-status.js';
import { merchantCallbacksRecord } from '../../domain/merchant.js';
import { CUSTOMER_TOKEN_STATUSES, FAILURE_REASONS, type Authorization } from '../../domain/tokenization.js';
import { addressSchema } from '../../routes/answers/checkout.js';
import type { OnHoldReview } from '../../domain/records.js';
import { webhookBodySchema, webhookHeadersSchema } from '../../routes/answers/webhooks.js';
import { CALLBACK_STATES, WEBHOOK_TYPES, callbackAttemptSchema } from './callbacks.js';
import { answerOf, everyOf, guidSchema, instantSchema } from './common.js';

const AUTHORIZATION_STATUSES = everyOf<Authorization['status']>()(['Created', 'Retrying', 'Authorized', 'Failed']);
const CAPTURE_MODES = everyOf<Authorization['captureMode']>()(['Auto', 'Manual']);
const REVIEW_OUTCOMES = everyOf<Exclude<InvoiceStatusName, 'Pending'>>()(['Approved', 'Rejected']);
const REVIEW_STATES = everyOf<OnHoldReview['state']>()(['pending', 'resolved']);

/** 200 of PUT /__admin/{env}/merchants/{merchantId}/callbacks. */
export const merchantCallbacksSchema = answerOf(merchantCallbacksRecord)
  .extend({ merchantId: z.string().min(1) })
  .meta({ description: "Where the merchant's webhooks and invoice-status calls now go, and the key its webhooks are signed with." });

const failureReason = z.enum(FAILURE_REASONS);

/** 200 of GET /__admin/{env}/webhooks. */
export const webhooksSchema = z
  .strictObject({
    webhooks: z.array(
      z.strictObject({
        type: z.enum(WEBHOOK_TYPES),
        subject: z.string().min(1).meta({ description: 'The authorization id, the customer token or the order id it is about.' }),
        url: z.string().meta({ description: "The merchant's webhookUri." }),
        state: z.enum(CALLBACK_STATES),
        nextAttemptAt: instantSchema.nullable(),
        body: webhookBodySchema.nullable(),
        headers: webhookHeadersSchema
          .nullable()
          .meta({ description: 'Its own headers as sent (null for a webhook recorded before they were kept).' }),
        attempts: z.array(callbackAttemptSchema),
      }),
    ),
  })
  .meta({ description: 'Webhooks sent or pending, with their bodies and attempts.' });

const storedCustomerSchema = z
  .strictObject({
    email: z.string().nullable(),
    mobilePhoneNumber: z.string().nullable(),
    nationalIdentificationNumber: z.string().nullable(),
    deliveryAddress: addressSchema,
    billingAddress: addressSchema,
  })
  .meta({ description: 'The customer of the purchase that gave the consent.' });

const customerTokenSchema = z.strictObject({
  token: guidSchema.meta({ description: 'The customer token (data.order.customerToken of the purchase).' }),
  merchantId: z.string().min(1),
  storeId: z.string().min(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  status: z.enum(CUSTOMER_TOKEN_STATUSES),
  createdAt: instantSchema,
  cancelledAt: instantSchema.nullable(),
  checkoutPrivateId: guidSchema.meta({ description: 'The purchase that gave the consent.' }),
  customer: storedCustomerSchema.nullable(),
  authorizationFailure: failureReason
    .nullable()
    .meta({ description: 'The UAT test hook (PUT /purchase/customer-tokens/{token}): every later attempt fails with it; null: none.' }),
});

/** 200 of GET /__admin/{env}/customer-tokens. */
export const customerTokensSchema = z
  .strictObject({ customerTokens: z.array(customerTokenSchema) })
  .meta({ description: 'The customer tokens issued.' });

const authorizationSchema = z.strictObject({
  authorizationId: guidSchema,
  customerToken: guidSchema,
  merchantId: z.string().min(1),
  storeId: z.string().min(1),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  reference: z.string().nullable(),
  actionReference: z.string().nullable(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  captureMode: z.enum(CAPTURE_MODES),
  items: z.array(
    z.strictObject({
      id: z.string(),
      description: z.string(),
      unitPrice: z.number().meta({ description: 'In major units.' }),
      quantity: z.number().int(),
      vat: z.number(),
    }),
  ),
  totalAmount: z.number().meta({ description: 'In major units.' }),
  status: z.enum(AUTHORIZATION_STATUSES),
  createdAt: instantSchema,
  attemptsDue: z.array(instantSchema).meta({ description: "Every planned attempt's due instant." }),
  attemptsMade: z.number().int().min(0).meta({ description: 'How many of attemptsDue were made.' }),
  reason: failureReason.nullable().meta({ description: 'Why the last attempt failed; null while none did.' }),
  orderId: guidSchema.nullable().meta({ description: 'The order a successful attempt created.' }),
});

/** 200 of GET /__admin/{env}/authorizations. */
export const authorizationsSchema = z
  .strictObject({ authorizations: z.array(authorizationSchema) })
  .meta({ description: 'Authorizations, their schedule and attempts.' });

const onHoldReviewSchema = z.strictObject({
  privateId: guidSchema.meta({ description: 'The checkout whose purchase is on hold.' }),
  dueAt: instantSchema.nullable().meta({ description: 'When it resolves by itself; null: only by POST …/invoice-status.' }),
  outcome: z.enum(REVIEW_OUTCOMES).meta({
    description: `The invoice status it resolves to (${Object.entries(INVOICE_STATUS)
      .map(([name, code]) => `${name} = ${code}`)
      .join(', ')}).`,
  }),
  state: z.enum(REVIEW_STATES),
  resolvedAt: instantSchema.nullable(),
});

/** 200 of GET /__admin/{env}/on-hold-reviews. */
export const onHoldReviewsSchema = z
  .strictObject({ reviews: z.array(onHoldReviewSchema) })
  .meta({ description: 'On-hold purchases under review, and resolved ones.' });

/** 200 of POST /__admin/{env}/checkouts/{privateId}/invoice-status. */
export const onHoldResolvedSchema = z.strictObject({ review: onHoldReviewSchema }).meta({ description: 'The review, resolved.' });
