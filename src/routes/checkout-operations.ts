/**
 * The checkout API's operations in both path styles (docs/real-service.md, "The checkout API"). The new style is
 * what the current API serves with bearer tokens; the legacy and retired hosts serve both
 * styles with SharedKey ("all paths stay the same in either path style"). Trailing slashes
 * match because surface apps route without them (WooCommerce PUTs /checkouts/{id}/).
 */
import type { z } from 'zod';
import * as body from '../domain/requests/checkout.js';
import { type BindOptions, bindBody } from '../domain/requests/problems.js';
import { checkoutDialect } from '../http/dialects/checkout.js';
import type { AnyOperation, AuthScheme, Binding } from '../http/operation.js';
import type { Answer } from '../http/types.js';
import { jsonAnswer, operation } from '../http/operation.js';
import { checkoutInitializedAnswer, checkoutUpdatedAnswer, checkoutViewAnswer, widgetTokenAnswer } from './answers/checkout.js';
import type { CheckoutHandlers } from './checkout-handlers.js';
import { refusalAnswers } from '../http/refusal-answers.js';

export type PathStyle = 'new' | 'old';

const INITIALIZED = jsonAnswer(
  'The checkout: privateId, publicToken, expiresAt and the pay link paymentUri.',
  checkoutInitializedAnswer,
  'CheckoutInitializedAnswer',
);
const VIEW = jsonAnswer('The checkout in its current phase.', checkoutViewAnswer, 'CheckoutViewAnswer');
const UPDATED = jsonAnswer(
  'Done: {id, data: null, error: null} (never 204: clients check that error is null).',
  checkoutUpdatedAnswer,
  'CheckoutUpdatedAnswer',
);
const WIDGET = jsonAnswer('A widget token and when it expires.', widgetTokenAnswer, 'WidgetTokenAnswer');

/** What one checkout operation is, whatever its path style. */
interface CheckoutOperation {
  op: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path in each style it is served in (the old style has no whole-checkout update). */
  paths: Partial<Record<PathStyle, string>>;
  summary: string;
  description?: string;
  body?: { schema: z.ZodType; name: string; required?: false; bind: (json: unknown) => Binding<unknown> };
  ok: Answer;
  /** Refusals besides authentication (400, 404, 423 and 900 as the operation may give them). */
  refusals: readonly number[];
  handler: keyof CheckoutHandlers;
}

const OLD = '/merchants/:storeId/checkouts/:privateId';

/** The body bound by its schema (src/domain/requests/checkout.ts): the schema is the binder. */
function bound(schema: z.ZodType, options?: BindOptions): (json: unknown) => Binding<unknown> {
  return (json) => bindBody(schema, json, options);
}

const CHECKOUT_OPERATIONS: readonly CheckoutOperation[] = [
  {
    op: 'initializeCheckout',
    method: 'POST',
    paths: { new: '/checkouts', old: '/checkout' },
    summary: 'Initialize a checkout',
    description: 'Answers privateId and publicToken. In the old path style the storeId is in the body.',
    body: { schema: body.checkoutInitSchema, name: 'CheckoutInit', bind: bound(body.checkoutInitSchema) },
    ok: INITIALIZED,
    refusals: [400, 403, 413, 503],
    handler: 'initialize',
  },
  {
    op: 'getCheckout',
    method: 'GET',
    paths: { new: '/checkouts/:privateId', old: OLD },
    summary: 'Read a checkout',
    ok: VIEW,
    refusals: [404, 413],
    handler: 'get',
  },
  {
    op: 'updateCheckout',
    method: 'PUT',
    paths: { new: '/checkouts/:privateId' },
    summary: 'Update a checkout (cart, shippingProperties, fees, shipping, reference, metadata)',
    body: { schema: body.checkoutUpdateSchema, name: 'CheckoutUpdate', bind: bound(body.checkoutUpdateSchema) },
    ok: UPDATED,
    refusals: [400, 404, 413, 423, 503, 900],
    handler: 'updateWhole',
  },
  {
    op: 'updateCart',
    method: 'PUT',
    paths: { new: '/checkouts/:privateId/cart', old: `${OLD}/cart` },
    summary: 'Replace the cart',
    body: { schema: body.cartUpdateSchema, name: 'Cart', bind: bound(body.cartUpdateSchema, { at: 'cart' }) },
    ok: UPDATED,
    refusals: [400, 404, 413, 423, 503, 900],
    handler: 'updateCart',
  },
  {
    op: 'updateFees',
    method: 'PUT',
    paths: { new: '/checkouts/:privateId/fees', old: `${OLD}/fees` },
    summary: 'Replace the fees',
    body: { schema: body.feesUpdateSchema, name: 'FeesUpdate', required: false, bind: bound(body.feesUpdateSchema, { at: 'fees' }) },
    ok: UPDATED,
    refusals: [400, 404, 413, 423, 503, 900],
    handler: 'updateFees',
  },
  {
    op: 'updateReference',
    method: 'PUT',
    paths: { new: '/checkouts/:privateId/reference', old: `${OLD}/reference` },
    summary: 'Set the reference',
    description:
      'Before the purchase completes, any number of times (also while the customer commits); after it, once and only before the order is captured, as https://dev.walleypay.com/docs/checkout/optional/updateorderreference says: 900 Purchase_Completed otherwise.',
    body: { schema: body.referenceUpdateSchema, name: 'ReferenceUpdate', bind: bound(body.referenceUpdateSchema) },
    ok: UPDATED,
    refusals: [400, 404, 413, 423, 503, 900],
    handler: 'updateReference',
  },
  {
    op: 'updateMetadata',
    method: 'PUT',
    paths: { new: '/checkouts/:privateId/metadata', old: `${OLD}/metadata` },
    summary: 'Set the metadata',
    body: { schema: body.metadataUpdateSchema, name: 'MetadataUpdate', required: false, bind: bound(body.metadataUpdateSchema) },
    ok: UPDATED,
    refusals: [400, 404, 413, 423, 503, 900],
    handler: 'updateMetadata',
  },
  {
    op: 'updateShippingProperties',
    method: 'PUT',
    paths: { new: '/checkouts/:privateId/shippingProperties', old: `${OLD}/shippingProperties` },
    summary: 'Replace the shipping properties',
    description:
      "The cart's shippingProperties, which a delivery module reads (https://payments.collectorbank.se/docs/checkout/optional/updateshippingproperties); an empty body removes them.",
    body: {
      schema: body.shippingPropertiesUpdateSchema,
      name: 'ShippingPropertiesUpdate',
      required: false,
      bind: bound(body.shippingPropertiesUpdateSchema),
    },
    ok: UPDATED,
    refusals: [400, 404, 413, 423, 503, 900],
    handler: 'updateShippingProperties',
  },
  {
    op: 'sendPaylink',
    method: 'POST',
    paths: { new: '/checkouts/:privateId/paylink', old: `${OLD}/paylink` },
    summary: 'Send a pay link',
    body: { schema: body.paylinkSchema, name: 'Paylink', bind: bound(body.paylinkSchema) },
    ok: UPDATED,
    refusals: [400, 404, 413, 423, 503, 900],
    handler: 'paylink',
  },
  {
    op: 'abortCheckout',
    method: 'DELETE',
    paths: { new: '/checkouts/:privateId' },
    summary: 'Abort a checkout (a pay link)',
    description:
      'The session is aborted for good (status Aborted) and the merchant notified, as https://dev.walleypay.com/docs/checkout/paylink/abort-paylink says; 409 while the customer commits to the purchase, 900 once it is completed.',
    ok: UPDATED,
    refusals: [404, 409, 503, 900],
    handler: 'abort',
  },
  {
    op: 'initializeWidget',
    method: 'POST',
    paths: { new: '/widgets', old: '/widget' },
    summary: 'Initialize a part-payment widget',
    body: { schema: body.widgetSchema, name: 'Widget', required: false, bind: bound(body.widgetSchema) },
    ok: WIDGET,
    refusals: [400, 403, 413, 503],
    handler: 'widget',
  },
];

/** What the checkout operations' handlers are taken from: the surface makes them once when it sets up its app. */
export interface CheckoutTableDeps {
  checkoutHandlers: CheckoutHandlers;
}

/**
 * The operation's refusals on a host of `auth`: the current API (bearer) also refuses a body
 * not declared as JSON, 415 (src/http/media-type.ts); the SharedKey hosts read any.
 */
function refusalsOf(entry: CheckoutOperation, auth: Exclude<AuthScheme, 'none'>): readonly number[] {
  return auth === 'bearer' && entry.body ? [...entry.refusals, 415] : entry.refusals;
}

/** The checkout operations in the given path styles, authenticated by `auth`. */
export function checkoutOperations(styles: readonly PathStyle[], auth: Exclude<AuthScheme, 'none'>): AnyOperation<CheckoutTableDeps>[] {
  return styles.flatMap((style) =>
    CHECKOUT_OPERATIONS.filter((entry) => entry.paths[style] !== undefined).map((entry) =>
      operation<CheckoutTableDeps, unknown>({
        op: style === 'new' ? entry.op : `${entry.op}OldStyle`,
        method: entry.method,
        path: entry.paths[style]!,
        auth,
        dialect: checkoutDialect,
        summary: entry.summary,
        ...(entry.description ? { description: entry.description } : {}),
        ...(entry.body ? { body: { ...entry.body } } : {}),
        answers: { '200': entry.ok, ...refusalAnswers(checkoutDialect, refusalsOf(entry, auth), checkoutDialect) },
        handler: (deps) => deps.checkoutHandlers[entry.handler] as never,
      }),
    ),
  );
}
