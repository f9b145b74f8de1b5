/**
 * The control plane of recurring payments and on-hold reviews:
 *   PUT  /__admin/{env}/merchants/{merchantId}/callbacks   {webhookUri?, webhookHmacKey?, invoiceStatusUri?} (a URI null: none; the key is changed, never removed)
 *   GET  /__admin/{env}/webhooks                           every webhook and its attempts
 *   GET  /__admin/{env}/customer-tokens                    tokens issued, with status and test hook
 *   GET  /__admin/{env}/authorizations                     authorizations, attempts due and made
 *   GET  /__admin/{env}/on-hold-reviews                    reviews of on-hold purchases
 *   POST /__admin/{env}/checkouts/{privateId}/invoice-status  {invoiceStatus: "Approved"|"Rejected"|1|5} resolve now
 */
import { z } from 'zod';
import { invoiceStatusOf } from '../domain/invoice-status.js';
import { CALLBACK_FIELDS, type MerchantCallbacks, fieldsOf } from '../domain/merchant.js';
import { toMajor } from '../domain/money.js';
import { callbackUrl, key } from '../domain/scenario-fields.js';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { envParam } from './world.js';
import {
  authorizationsSchema,
  customerTokensSchema,
  merchantCallbacksSchema,
  onHoldResolvedSchema,
  onHoldReviewsSchema,
  webhooksSchema,
} from './answers/recurring.js';

const url = callbackUrl.nullable().optional();
const callbacksSchema = z
  .object({
    webhookUri: url,
    /** The webhook signing key: what Walley-Signature is computed with. Every webhook is signed, so it is replaced, never removed. */
    webhookHmacKey: key.optional(),
    invoiceStatusUri: url,
  } satisfies Record<keyof MerchantCallbacks, z.ZodType>)
  .strict();
const invoiceStatusSchema = z.object({ invoiceStatus: z.union([z.string(), z.number()]) }).strict();

type RecurringDeps = Pick<AdminDeps, 'services' | 'idle'>;

/**
 * A list refuses only an unknown environment; each waits for the work the clock made due (state
 * only), so a test reads what has happened. Deliveries are not waited for: POST /__admin/deliveries/settle does that.
 */
const LISTED = refusals(404);

export const RECURRING_OPERATIONS: readonly AnyOperation<RecurringDeps>[] = [
  adminOperation<RecurringDeps, z.infer<typeof callbacksSchema>>({
    op: 'setMerchantCallbacks',
    method: 'PUT',
    path: '/__admin/:env/merchants/:merchantId/callbacks',
    summary: "A merchant's webhook URL and HMAC key, and its invoice-status URL",
    body: jsonBody(callbacksSchema, 'AdminMerchantCallbacks'),
    answers: {
      '200': json("The merchant's callback URLs.", merchantCallbacksSchema, 'AdminMerchantCallbacksSet'),
      ...refusals(...BODY_REFUSALS, 404, 503),
    },
    handler:
      (ctx) =>
      async (c, { body }) => {
        const env = envParam(c.req.param('env'));
        const merchantId = c.req.param('merchantId') ?? '';
        const changes: Partial<MerchantCallbacks> = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
        const merchant = await ctx.services.env(env).merchants.setCallbackUris(merchantId, changes);
        if (!merchant)
          throw new AdminError(404, `No merchant ${merchantId} in ${env.toUpperCase()}; GET /__admin/${env}/merchants lists them.`);
        return c.json({ merchantId, ...fieldsOf(merchant, CALLBACK_FIELDS) });
      },
  }),
  adminOperation<RecurringDeps>({
    op: 'listWebhooks',
    method: 'GET',
    path: '/__admin/:env/webhooks',
    summary: 'Webhooks sent or pending',
    answers: { '200': json('Webhooks, with their bodies and attempts.', webhooksSchema, 'AdminWebhooks'), ...LISTED },
    handler: (ctx) => async (c) => {
      const env = envParam(c.req.param('env'));
      await ctx.idle();
      return c.json({
        webhooks: ctx.services
          .env(env)
          .tokenization.webhooks()
          .map((r) => ({
            type: r.type,
            subject: r.subject,
            url: r.url,
            state: r.state,
            nextAttemptAt: r.nextAttemptAt,
            body: r.body === undefined ? null : (JSON.parse(r.body) as unknown),
            headers: r.headers ?? null,
            attempts: r.attempts,
          })),
      });
    },
  }),
  adminOperation<RecurringDeps>({
    op: 'listCustomerTokens',
    method: 'GET',
    path: '/__admin/:env/customer-tokens',
    summary: 'Customer tokens',
    answers: { '200': json('The customer tokens issued.', customerTokensSchema, 'AdminCustomerTokens'), ...LISTED },
    handler: (ctx) => async (c) => {
      const env = envParam(c.req.param('env'));
      await ctx.idle();
      return c.json({ customerTokens: ctx.services.env(env).tokenization.listTokens() });
    },
  }),
  adminOperation<RecurringDeps>({
    op: 'listAuthorizations',
    method: 'GET',
    path: '/__admin/:env/authorizations',
    summary: 'Authorizations and their attempts',
    answers: { '200': json('Authorizations, amounts in major units.', authorizationsSchema, 'AdminAuthorizations'), ...LISTED },
    handler: (ctx) => async (c) => {
      const env = envParam(c.req.param('env'));
      await ctx.idle();
      return c.json({
        authorizations: ctx.services
          .env(env)
          .tokenization.listAuthorizations()
          .map((a) => ({
            ...a,
            totalAmount: toMajor(a.totalAmount),
            items: a.items.map((i) => ({ ...i, unitPrice: toMajor(i.unitPrice) })),
          })),
      });
    },
  }),
  adminOperation<RecurringDeps>({
    op: 'listOnHoldReviews',
    method: 'GET',
    path: '/__admin/:env/on-hold-reviews',
    summary: 'On-hold purchases under review',
    answers: { '200': json('The reviews of on-hold purchases.', onHoldReviewsSchema, 'AdminOnHoldReviews'), ...LISTED },
    handler: (ctx) => async (c) => {
      const env = envParam(c.req.param('env'));
      await ctx.idle();
      return c.json({
        reviews: ctx.services
          .env(env)
          .invoiceStatus.listReviews()
          .map(({ id: _id, ...review }) => review),
      });
    },
  }),
  adminOperation<RecurringDeps, z.infer<typeof invoiceStatusSchema>>({
    op: 'resolveOnHoldPurchase',
    method: 'POST',
    path: '/__admin/:env/checkouts/:privateId/invoice-status',
    summary: 'Resolve an on-hold purchase now',
    description: 'The order follows, the invoice-status GET and the notification are made.',
    body: jsonBody(invoiceStatusSchema, 'AdminInvoiceStatus'),
    answers: {
      '200': json('The review, resolved.', onHoldResolvedSchema, 'AdminOnHoldResolved'),
      ...refusals(...BODY_REFUSALS, 404, 409, 503),
    },
    handler:
      (ctx) =>
      async (c, { body }) => {
        const env = envParam(c.req.param('env'));
        const outcome = invoiceStatusOf(body.invoiceStatus);
        if (!outcome) throw new AdminError(400, `invoiceStatus: '${body.invoiceStatus}' is not "Approved" (1) or "Rejected" (5).`);
        const resolution = await ctx.services.env(env).invoiceStatus.resolve(c.req.param('privateId') ?? '', outcome);
        if (!resolution.ok) throw new AdminError(resolution.status, resolution.message);
        const { id: _id, ...review } = resolution.review;
        return c.json({ review });
      },
  }),
];
