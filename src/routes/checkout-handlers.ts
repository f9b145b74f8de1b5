/**
 * The checkout API's handlers: the same handlers serve both path styles on every surface
 * (payloads and responses are identical; only addressing and authentication differ). Their
 * bodies arrive bound (src/routes/checkout-operations.ts); the order of checks follows the
 * real API's framework: the body is validated first (400), then the checkout is looked up
 * (404), then whether another modifying request holds it (423), then the lifecycle (900).
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { instant } from '../clock.js';
import type { SurfaceDeps } from './deps.js';
import { type BoundCart, duplicateArticles } from '../domain/checkout-lines.js';
import type { CheckoutInit, CheckoutUpdate, PaylinkDestination } from '../domain/requests/checkout.js';
import { abortRejection, referenceRejection, updateRejection } from '../domain/checkout-lifecycle.js';
import { payLinkUri, widgetTokenFor } from '../domain/checkout.js';
import type { Checkout, Fees } from '../domain/model.js';
import type { Merchant, Store } from '../domain/merchant.js';
import type { CheckoutChanges } from '../services/checkouts.js';
import type { Violation } from '../domain/violation.js';
import { checkoutDialect, checkoutOk, checkoutOkJson } from '../http/dialects/checkout.js';
import type { Handler } from '../http/operation.js';
import { type ErrorEntry, Refusal } from '../http/refusal.js';
import type { SurfaceEnv } from '../http/types.js';
import { serviceInstant } from '../domain/instants.js';
import { checkoutViewJson } from './checkout-view.js';

/** Widget tokens live a day; WooCommerce caches them until `expiresAt`. */
const WIDGET_TOKEN_LIFETIME_MS = 24 * 3600 * 1000;
/** Enough random text for a widget token (src/domain/checkout.ts). */
const WIDGET_TOKEN_BYTES = 52;

export interface CheckoutHandlers {
  initialize: Handler<CheckoutInit>;
  get: Handler<undefined>;
  updateWhole: Handler<CheckoutUpdate>;
  updateCart: Handler<BoundCart>;
  updateFees: Handler<Fees>;
  updateReference: Handler<string | null>;
  updateMetadata: Handler<unknown>;
  updateShippingProperties: Handler<Record<string, unknown> | null>;
  paylink: Handler<PaylinkDestination>;
  abort: Handler<undefined>;
  widget: Handler<{ storeId: string | null }>;
}

export type CheckoutHandlerDeps = Pick<SurfaceDeps, 'env' | 'clock' | 'services' | 'settings' | 'simulation' | 'urls'>;

/** The handlers over one surface's dependencies: made once per surface app, when the surface sets up (src/surfaces/api.ts, legacy.ts). */
export function checkoutHandlers(deps: CheckoutHandlerDeps): CheckoutHandlers {
  const service = deps.services.checkouts;
  const merchants = deps.services.merchants;

  const load = (c: Context<SurfaceEnv>): Checkout => {
    const privateId = c.req.param('privateId') ?? '';
    const found = service.findForMerchant(c.get('caller').merchantId, privateId);
    if ('checkout' in found) {
      const pathStore = c.req.param('storeId');
      // Strict store matching: an old-style path must name the checkout's own store.
      if (deps.settings.current().checkouts.storeMatching !== 'strict' || pathStore === undefined || pathStore === found.checkout.storeId)
        return found.checkout;
      throw Refusal.single(
        404,
        'Resource_Not_Found',
        `No checkout ${privateId} in store ${pathStore}: it belongs to store ${found.checkout.storeId} (checkouts.storeMatching is strict). Use the storeId the checkout was initialized with.`,
      );
    }
    throw Refusal.single(
      404,
      'Resource_Not_Found',
      found.missing === 'expired'
        ? `The checkout ${privateId} has expired (sessions live ${deps.settings.current().checkouts.lifetimeSeconds} s on the sandbox clock). Initialize a new checkout.`
        : `No checkout ${privateId} for this merchant in ${deps.env.toUpperCase()}. Use the privateId returned when the checkout was initialized.`,
    );
  };

  const merchantStore = (c: Context<SurfaceEnv>, storeId: string | null): { merchant: Merchant; store: Store } => {
    const merchant = merchants.byId(c.get('caller').merchantId);
    if (!merchant) throw Refusal.single(403, 'Forbidden', 'The authenticated merchant no longer exists in this sandbox state.');
    const store = merchants.storeOf(merchant, storeId);
    const ids = merchant.stores.map((s) => s.id).join(', ');
    if (store === null) {
      throw checkoutDialect.invalidBody([
        { reason: 'Validation_Error', message: `storeId: The StoreId field is required: you have several stores (${ids}).` },
      ]);
    }
    if (store === undefined) throw Refusal.single(403, 'Forbidden', `Wrong StoreId: '${storeId}' is not one of your stores (${ids}).`);
    return { merchant, store };
  };

  /** The checkout, if its phase still takes this change (else 900). */
  const changeable = (c: Context<SurfaceEnv>, what: string): Checkout => {
    const checkout = load(c);
    reject(updateRejection(checkout, what));
    return checkout;
  };

  /** A modifying request: one at a time per checkout (else 423), in a phase that takes it (else 900). */
  const modify = async (c: Context<SurfaceEnv>, what: string, change: (checkout: Checkout) => CheckoutChanges): Promise<Response> => {
    await service.modify(load(c), what, (checkout) => {
      reject(updateRejection(checkout, what));
      return change(checkout);
    });
    return ok(null);
  };

  return {
    initialize: async (c, { body: init }) => {
      assertUnique(init.cart.items, init.fees);
      const { merchant, store } = merchantStore(c, init.storeId);
      const checkout = await service.create(merchant, store, init);
      return ok({
        privateId: checkout.privateId,
        publicToken: checkout.publicToken,
        expiresAt: serviceInstant(checkout.expiresAt),
        paymentUri: payLinkUri(deps.urls.baseUrl(deps.env, 'frontend'), checkout.publicToken),
      });
    },

    get: (c) => {
      const checkout = load(c);
      return checkoutOkJson(checkoutViewJson(checkout, service.orderOf(checkout), service.sessionExpired(checkout)));
    },

    updateWhole: (c, { body: value }) =>
      modify(c, 'checkout', (checkout) => {
        assertUnique(value.cart.items, value.fees ?? checkout.fees);
        const { cart, ...rest } = value;
        return { ...rest, cart: { items: cart.items, shippingProperties: cart.shippingProperties } };
      }),

    updateCart: (c, { body: cart }) =>
      modify(c, 'cart', (checkout) => {
        assertUnique(cart.items, checkout.fees);
        return { cart: { items: cart.items, shippingProperties: cart.shippingProperties } };
      }),

    updateFees: (c, { body: fees }) =>
      modify(c, 'fees', (checkout) => {
        assertUnique(checkout.cart.items, fees);
        return { fees };
      }),

    // The reference is set while the customer commits too (WooCommerce sets it when the order is
    // placed, from onBeforePayment), and once after the purchase while the order is not captured.
    updateReference: async (c, { body: reference }) => {
      await service.modify(load(c), 'reference', (checkout) => {
        reject(referenceRejection(checkout, service.orderOf(checkout)));
        if (checkout.status !== 'PurchaseCompleted') return { reference };
        return { reference, referenceUpdatedAfterPurchaseAt: deps.clock.iso() };
      });
      return ok(null);
    },

    updateMetadata: (c, { body: metadata }) => modify(c, 'metadata', () => ({ metadata })),

    updateShippingProperties: (c, { body: shippingProperties }) =>
      modify(c, 'shipping properties', (checkout) => ({ cart: { items: checkout.cart.items, shippingProperties } })),

    paylink: async (c, { body: destination }) => {
      const checkout = changeable(c, 'paylink');
      await service.record('paylinks', { privateId: checkout.privateId, publicToken: checkout.publicToken, destination });
      return ok(null);
    },

    /** The pay link page's abort: the customer's simulation aborts it (and notifies); aborting an aborted session again changes nothing. */
    abort: async (c) => {
      const checkout = load(c);
      // Checked again in the checkout's turn: a purchase under way may complete first.
      reject(abortRejection(checkout));
      if (checkout.status !== 'Aborted') await deps.simulation.abort(checkout, abortRejection);
      return ok(null);
    },

    widget: async (c, { body: { storeId } }) => {
      const { store } = merchantStore(c, storeId);
      const widgetToken = widgetTokenFor(store.countryCode, randomBytes(WIDGET_TOKEN_BYTES));
      const expiresAt = instant(deps.clock.nowMs() + WIDGET_TOKEN_LIFETIME_MS).toISOString();
      await service.record('widgetTokens', { widgetToken, storeId: store.id, expiresAt });
      return ok({ widgetToken, expiresAt: serviceInstant(expiresAt) });
    },
  };
}

/** Every success carries a JSON body with `"error": null` (SDK/M2 check only that); never 204. */
function ok(data: unknown): Response {
  return checkoutOk(data);
}

function assertUnique(items: Checkout['cart']['items'], fees: Checkout['fees']): void {
  const duplicates: ErrorEntry[] = duplicateArticles(items, fees);
  if (duplicates.length) throw checkoutDialect.invalidBody(duplicates);
}

function reject(rejection: Violation | null): void {
  if (rejection) throw rejection;
}
