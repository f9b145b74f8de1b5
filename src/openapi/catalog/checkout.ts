/**
 * The checkout routes' description, one entry per handler of src/routes/checkouts.ts: a
 * route added to NEW_STYLE/OLD_STYLE there is described here (a missing handler name is a
 * type error), in whichever path styles it is registered.
 */
import type { CheckoutHandlers } from '../../routes/checkout-handlers.js';
import { NEW_STYLE, OLD_STYLE, type PathStyle } from '../../routes/checkouts.js';
import * as body from '../../domain/schemas/checkout.js';
import type { ResponseName } from '../components.js';
import { type OperationDoc, type RouteDoc, route } from '../operation.js';

/** 200 with the operation's answer; refusals in the checkout envelope, HTTP 900 (not a valid OpenAPI status key) and 5xx under `default`. */
const answers = (ok: ResponseName) => ({ '200': ok, '4XX': 'CheckoutError', default: 'CheckoutError' }) as const;

export const CHECKOUT_DOCS: Record<keyof CheckoutHandlers, OperationDoc> = {
  initialize: {
    summary: 'Initialize a checkout',
    description: 'Answers privateId and publicToken. In the old path style the storeId is in the body.',
    body: { schema: body.checkoutInitSchema, name: 'CheckoutInit' },
    responses: answers('CheckoutInitialized'),
  },
  get: { summary: 'Read a checkout', responses: answers('CheckoutView') },
  updateWhole: {
    summary: 'Update a checkout (cart, fees, reference, metadata)',
    body: { schema: body.checkoutUpdateSchema, name: 'CheckoutUpdate' },
    responses: answers('CheckoutUpdated'),
  },
  updateCart: { summary: 'Replace the cart', body: { schema: body.cartUpdateSchema, name: 'Cart' }, responses: answers('CheckoutUpdated') },
  updateFees: { summary: 'Replace the fees', body: { schema: body.feesUpdateSchema, name: 'FeesUpdate', required: false }, responses: answers('CheckoutUpdated') },
  updateReference: { summary: 'Set the reference', body: { schema: body.referenceUpdateSchema, name: 'ReferenceUpdate' }, responses: answers('CheckoutUpdated') },
  updateMetadata: { summary: 'Set the metadata', body: { schema: body.metadataUpdateSchema, name: 'MetadataUpdate' }, responses: answers('CheckoutUpdated') },
  paylink: { summary: 'Send a pay link', body: { schema: body.paylinkSchema, name: 'Paylink' }, responses: answers('CheckoutUpdated') },
  widget: { summary: 'Initialize a widget', body: { schema: body.widgetSchema, name: 'Widget', required: false }, responses: answers('WidgetToken') },
};

export function checkoutRoutes(styles: readonly PathStyle[]): RouteDoc[] {
  const table = [...(styles.includes('new') ? NEW_STYLE : []), ...(styles.includes('old') ? OLD_STYLE : [])];
  return table.map(([method, path, handler]) => route(method, path, CHECKOUT_DOCS[handler]));
}
