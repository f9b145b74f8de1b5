/**
 * The frontend host (checkout.uat.walleydev.com / checkout-uat.collector.se and PROD
 * counterparts): the loader scripts at their real paths, and the sandbox's hosted checkout
 * page that the loader puts in an iframe.
 *
 *   GET  /walley-checkout-loader.js       new loader (data-version="v2")
 *   GET  /collector-checkout-loader.js    old loader (also fires collectorCheckout… events)
 *   GET  /checkout/{publicToken}          the page (query: lang, variant, action-color, …)
 *   GET  /checkout/{publicToken}/cart     the cart section alone (refreshed on resume())
 *   POST /checkout/{publicToken}/customer identify  {email, mobilePhoneNumber, postalCode, organizationNumber?, companyName?, invoiceReference?}
 *   POST /checkout/{publicToken}/shipping the delivery step  {carrier, option}
 *   POST /checkout/{publicToken}/purchase complete  {paymentName}
 *   GET  /assets/checkout-page.js         the page's script
 *
 * The page's own paths are the sandbox's (the real iframe's are not public). JSON errors are
 * {"error": {"status", "message"}} like the control plane's, since only the page reads them.
 */
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import type { z } from 'zod';
import { purchaseSchema } from '../domain/schemas/page.js';
import { pageIdentifySchema, pageShippingSchema } from '../frontend/page-bodies.js';
import { checkoutView } from '../routes/checkout-view.js';
import { Violation } from '../domain/violation.js';
import { PageError } from '../frontend/page-error.js';
import { type PageOptions, cartSection, checkoutPage, unavailablePage } from '../frontend/checkout-page.js';
import { CheckoutSteps, paymentMethodsFor } from '../frontend/checkout-steps.js';
import { pageLanguage } from '../frontend/strings.js';
import { parseJson } from '../http/body.js';
import { jsonResponse } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';
import { ValidationFailedError } from '../simulation/customer.js';
import { surfaceApp } from './base.js';
import type { SurfaceDeps } from '../routes/deps.js';

const ASSETS = new URL('../frontend/assets/', import.meta.url);
const asset = (name: string): string => readFileSync(new URL(name, ASSETS), 'utf8');
const LOADER = asset('loader.js');
const PAGE_SCRIPT = asset('checkout-page.js');

export function createFrontendSurface(deps: SurfaceDeps) {
  const app = surfaceApp(deps);
  const steps = new CheckoutSteps(deps.simulation, deps.settings);

  const script = (body: string) => () =>
    new Response(body, { headers: { 'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } });
  app.get('/walley-checkout-loader.js', script(LOADER));
  app.get('/collector-checkout-loader.js', script(LOADER));
  app.get('/assets/checkout-page.js', script(PAGE_SCRIPT));

  app.get('/checkout/:publicToken', (c) => {
    const found = steps.lookup(c.req.param('publicToken'));
    const options = pageOptions(c, 'missing' in found ? '' : found.checkout.countryCode);
    if ('missing' in found) return c.html(unavailablePage(options, found.missing), found.missing === 'unknown' ? 404 : 410);
    if (found.checkout.status === 'Aborted') return c.html(unavailablePage(options, 'aborted'), 410);
    const checkout = found.checkout;
    // The B2B variant: data-variant="b2b", or the store's segment (a B2B store's checkout is a business one).
    if (checkout.customerType === 'BusinessCustomer') options.variant = 'b2b';
    return c.html(
      checkoutPage(
        { checkout, personas: steps.personasFor(checkout), paymentMethods: paymentMethodsFor(options.variant), delivery: steps.deliveryModule(checkout), now: deps.clock.iso() },
        options,
      ),
    );
  });

  app.get('/checkout/:publicToken/cart', answered(async (c) => {
    const checkout = usable(steps, c.req.param('publicToken') ?? '');
    return c.html(cartSection(checkout, pageOptions(c, checkout.countryCode).lang));
  }));

  app.post('/checkout/:publicToken/customer', answered(async (c) => {
    const checkout = usable(steps, c.req.param('publicToken') ?? '');
    const input = await body(c, pageIdentifySchema);
    const identified = await steps.identify(checkout, input);
    const customer = identified.customer;
    // With a delivery module, the choice the identification made (the page's delivery step shows it).
    const shipping = checkoutView(identified, undefined).shipping;
    return c.json({
      status: identified.status,
      customer: { email: customer?.email ?? null, mobilePhoneNumber: customer?.mobilePhoneNumber ?? null, postalCode: customer?.deliveryAddress.postalCode ?? null },
      ...(shipping ? { shipping } : {}),
    });
  }));

  app.post('/checkout/:publicToken/shipping', answered(async (c) => {
    const checkout = usable(steps, c.req.param('publicToken') ?? '');
    const chosen = await steps.chooseShipping(checkout, await body(c, pageShippingSchema));
    return c.json({ status: chosen.status, shipping: checkoutView(chosen, undefined).shipping });
  }));

  app.post('/checkout/:publicToken/purchase', answered(async (c) => {
    const checkout = usable(steps, c.req.param('publicToken') ?? '');
    const input = await body(c, purchaseSchema);
    if (!paymentMethodsFor('b2c').includes(input.paymentName)) throw new PageError(400, `paymentName: one of ${paymentMethodsFor('b2c').join(', ')}`);
    const outcome = await steps.purchase(checkout, input.paymentName);
    const purchased = outcome.checkout;
    return c.json({
      status: purchased.status,
      result: purchased.purchase?.result ?? null,
      paymentName: purchased.purchase?.paymentName ?? null,
      purchaseIdentifier: purchased.purchase?.purchaseIdentifier ?? null,
      orderId: outcome.order.orderId,
    });
  }));
  return app;
}

const PAGE_STATUS: Record<Violation['kind'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, rule: 422, locked: 423 };

/** The page's calls answer refusals in JSON; anything else goes on to the surface's error envelope (base.ts). */
function answered(handler: (c: Context<SurfaceEnv>) => Promise<Response>) {
  return async (c: Context<SurfaceEnv>): Promise<Response> => {
    try {
      return await handler(c);
    } catch (error) {
      if (error instanceof ValidationFailedError) {
        return jsonResponse({ error: { status: 422, message: error.message }, event: 'OrderValidationFailed' }, 422);
      }
      if (error instanceof PageError) return jsonResponse({ error: { status: error.status, message: error.message } }, error.status);
      if (error instanceof Violation) {
        const status = PAGE_STATUS[error.kind];
        return jsonResponse({ error: { status, message: error.message } }, status);
      }
      throw error;
    }
  };
}

function usable(steps: CheckoutSteps, publicToken: string) {
  const found = steps.lookup(publicToken);
  if ('missing' in found) {
    throw new PageError(found.missing === 'unknown' ? 404 : 410, found.missing === 'unknown' ? `No checkout has the public token ${publicToken}.` : `The checkout ${publicToken} has expired on the sandbox clock.`);
  }
  return found.checkout;
}

async function body<T extends z.ZodType>(c: Context<SurfaceEnv>, schema: T): Promise<z.infer<T>> {
  const json = parseJson(new Uint8Array(await c.req.arrayBuffer()));
  if (!json.ok) throw new PageError(400, `The body is not valid JSON (${json.message}).`);
  const parsed = schema.safeParse(json.value ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PageError(400, `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** The loader's data-* attributes, passed on in the iframe's query; colours only as hex, to keep CSS injection out. */
function pageOptions(c: Context<SurfaceEnv>, countryCode: string): PageOptions {
  const color = (name: string): string | null => {
    const value = c.req.query(name);
    return value && /^#?[0-9a-fA-F]{3,8}$/.test(value) ? (value.startsWith('#') ? value : `#${value}`) : null;
  };
  return {
    lang: pageLanguage(c.req.query('lang'), countryCode),
    variant: c.req.query('variant')?.toLowerCase() === 'b2b' ? 'b2b' : 'b2c',
    actionColor: color('action-color'),
    actionTextColor: color('action-text-color'),
    padding: c.req.query('padding') !== 'none',
  };
}
