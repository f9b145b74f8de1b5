/**
 * The checkout API's handlers: HTTP in, domain call, envelope out. The same handlers serve
 * both path styles on every surface (payloads and responses are identical; only addressing
 * and authentication differ). Order of checks follows the real API's framework: the body is
 * validated first (400), then the checkout is looked up (404), then the lifecycle (423/900).
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { instant } from '../clock.js';
import type { SurfaceDeps } from '../surfaces/deps.js';
import { duplicateArticles } from '../domain/checkout-lines.js';
import {
  cartUpdateSchema,
  checkoutInitSchema,
  checkoutUpdateSchema,
  feesUpdateSchema,
  metadataUpdateSchema,
  paylinkSchema,
  referenceUpdateSchema,
  widgetSchema,
} from '../domain/schemas/checkout.js';
import { type Bound, type Problem, bindBody } from '../domain/schemas/problems.js';
import { updateRejection } from '../domain/checkout-lifecycle.js';
import type { Checkout, Merchant, Store } from '../domain/model.js';
import { rawBodyOf, parseJson } from '../http/body.js';
import { CheckoutApiError, checkoutErrorOf, jsonResponse, successBody, successJson } from '../http/envelope.js';
import type { Violation } from '../domain/violation.js';
import type { SurfaceEnv } from '../http/types.js';
import { checkoutViewJson, serviceInstant } from './checkout-view.js';

type Handler = (c: Context<SurfaceEnv>) => Promise<Response>;

/** Widget tokens live a day; WooCommerce caches them until `expiresAt`. */
const WIDGET_TOKEN_LIFETIME_MS = 24 * 3600 * 1000;

export interface CheckoutHandlers {
  initialize: Handler;
  get: Handler;
  updateWhole: Handler;
  updateCart: Handler;
  updateFees: Handler;
  updateReference: Handler;
  updateMetadata: Handler;
  paylink: Handler;
  widget: Handler;
}

export type CheckoutHandlerDeps = Pick<SurfaceDeps, 'env' | 'clock' | 'services' | 'settings'>;

export function checkoutHandlers(deps: CheckoutHandlerDeps): CheckoutHandlers {
  const service = deps.services.checkouts;
  const merchants = deps.services.merchants;

  const load = (c: Context<SurfaceEnv>): Checkout => {
    const privateId = c.req.param('privateId') ?? '';
    const found = service.findForMerchant(c.get('caller').merchantId, privateId);
    if ('checkout' in found) {
      const pathStore = c.req.param('storeId');
      // Strict store matching: an old-style path must name the checkout's own store.
      if (deps.settings.current().checkouts.storeMatching !== 'strict' || pathStore === undefined || pathStore === found.checkout.storeId) return found.checkout;
      throw CheckoutApiError.single(
        404,
        'Resource_Not_Found',
        `No checkout ${privateId} in store ${pathStore}: it belongs to store ${found.checkout.storeId} (checkouts.storeMatching is strict). Use the storeId the checkout was initialized with.`,
      );
    }
    throw CheckoutApiError.single(
      404,
      'Resource_Not_Found',
      found.missing === 'expired'
        ? `The checkout ${privateId} has expired (sessions live ${deps.settings.current().checkouts.lifetimeSeconds} s on the sandbox clock). Initialize a new checkout.`
        : `No checkout ${privateId} for this merchant in ${deps.env.toUpperCase()}. Use the privateId returned when the checkout was initialized.`,
    );
  };

  const merchantStore = (c: Context<SurfaceEnv>, storeId: string | null): { merchant: Merchant; store: Store } => {
    const merchant = merchants.byId(c.get('caller').merchantId);
    if (!merchant) throw CheckoutApiError.single(403, 'Forbidden', 'The authenticated merchant no longer exists in this sandbox state.');
    const store = merchants.storeOf(merchant, storeId);
    const ids = merchant.stores.map((s) => s.id).join(', ');
    if (store === null) {
      throw validationError([{ reason: 'Validation_Error', message: `storeId: The StoreId field is required: you have several stores (${ids}).` }]);
    }
    if (store === undefined) throw CheckoutApiError.single(403, 'Forbidden', `Wrong StoreId: '${storeId}' is not one of your stores (${ids}).`);
    return { merchant, store };
  };

  const changeable = <T>(c: Context<SurfaceEnv>, binding: Bound<T>, what: string): { checkout: Checkout; value: T } => {
    const value = bound(binding);
    const checkout = load(c);
    reject(updateRejection(checkout, what));
    return { checkout, value };
  };

  return {
    initialize: async (c) => {
      const init = bound(bindBody(checkoutInitSchema, await readBody(c)));
      assertUnique(init.cart.items, init.fees);
      const { merchant, store } = merchantStore(c, init.storeId);
      const checkout = await service.create(merchant, store, init);
      return ok({ privateId: checkout.privateId, publicToken: checkout.publicToken, expiresAt: serviceInstant(checkout.expiresAt) });
    },

    get: async (c) => {
      const checkout = load(c);
      return successJson(checkoutViewJson(checkout, service.orderOf(checkout)));
    },

    updateWhole: async (c) => {
      const { checkout, value } = changeable(c, bindBody(checkoutUpdateSchema, await readBody(c)), 'checkout');
      assertUnique(value.cart.items, value.fees ?? checkout.fees);
      const { cart, ...rest } = value;
      await service.update(checkout, { ...rest, cart: { items: cart.items, shippingProperties: cart.shippingProperties } });
      return ok(null);
    },

    updateCart: async (c) => {
      const { checkout, value: cart } = changeable(c, bindBody(cartUpdateSchema, await readBody(c), { at: 'cart' }), 'cart');
      assertUnique(cart.items, checkout.fees);
      await service.update(checkout, { cart: { items: cart.items, shippingProperties: cart.shippingProperties } });
      return ok(null);
    },

    updateFees: async (c) => {
      const { checkout, value: fees } = changeable(c, bindBody(feesUpdateSchema, await readBody(c), { at: 'fees' }), 'fees');
      assertUnique(checkout.cart.items, fees);
      await service.update(checkout, { fees });
      return ok(null);
    },

    updateReference: async (c) => {
      const reference = bound(bindBody(referenceUpdateSchema, await readBody(c)));
      await service.update(load(c), { reference });
      return ok(null);
    },

    updateMetadata: async (c) => {
      const { checkout, value: metadata } = changeable(c, bindBody(metadataUpdateSchema, await readBody(c)), 'metadata');
      await service.update(checkout, { metadata });
      return ok(null);
    },

    paylink: async (c) => {
      const { checkout, value: destination } = changeable(c, bindBody(paylinkSchema, await readBody(c)), 'paylink');
      await service.record('paylinks', { privateId: checkout.privateId, publicToken: checkout.publicToken, destination });
      return ok(null);
    },

    widget: async (c) => {
      const { storeId } = bound(bindBody(widgetSchema, await readBody(c)));
      const { store } = merchantStore(c, storeId);
      const widgetToken = `widget-${store.countryCode}-${randomBytes(16).toString('hex')}`;
      const expiresAt = instant(deps.clock.nowMs() + WIDGET_TOKEN_LIFETIME_MS).toISOString();
      await service.record('widgetTokens', { widgetToken, storeId: store.id, expiresAt });
      return ok({ widgetToken, expiresAt: serviceInstant(expiresAt) });
    },
  };
}

/** Every success carries a JSON body with `"error": null` (SDK/M2 check only that); never 204. */
function ok(data: unknown): Response {
  return jsonResponse(successBody(data), 200);
}

/** The raw bytes as JSON, whatever the Content-Type (OpenCart sends none). */
async function readBody(c: Context<SurfaceEnv>): Promise<unknown> {
  const parsed = parseJson(await rawBodyOf(c));
  if (parsed.ok) return parsed.value;
  throw validationError([
    { reason: 'Validation_Error', message: `The request body is not valid JSON (${parsed.message}). Send a JSON object, UTF-8 encoded.` },
  ]);
}

function bound<T>(binding: Bound<T>): T {
  if (binding.ok) return binding.value;
  throw validationError(binding.problems);
}

function assertUnique(items: Checkout['cart']['items'], fees: Checkout['fees']): void {
  const duplicates = duplicateArticles(items, fees);
  if (duplicates.length) throw validationError(duplicates);
}

function validationError(problems: Problem[]): CheckoutApiError {
  const duplicates = problems.every((p) => p.reason === 'Duplicate_Articles');
  const message = duplicates
    ? 'Duplicate articles: the same id and description occur more than once across cart and fees.'
    : `The request is invalid: ${problems.length} problem${problems.length === 1 ? '' : 's'}, listed in errors.`;
  return new CheckoutApiError(400, message, problems);
}

function reject(rejection: Violation | null): void {
  if (rejection) throw checkoutErrorOf(rejection);
}
