/**
 * The frontend host (checkout.uat.walleydev.com / checkout-uat.collector.se and PROD
 * counterparts): the loader scripts at their real paths, and the sandbox's hosted checkout
 * page that the loader puts in an iframe.
 *
 *   GET  /walley-checkout-loader.js       new loader (data-version="v2")
 *   GET  /collector-checkout-loader.js    old loader (also fires collectorCheckout… events)
 *   GET  /checkout/{publicToken}          the page (query: lang, variant, action-color, …)
 *   GET  /p/{publicToken}                 the pay link (paymentUri): the same page as a whole page (query: showCart, lang)
 *   GET  /checkout/{publicToken}/cart     the cart section alone (refreshed on resume())
 *   GET  /checkout/{publicToken}/state    the page's view of its checkout: expiry on the sandbox clock, the shop's revision
 *   GET  /checkout/{publicToken}/state/stream  the same as Server-Sent Events, whenever it changes
 *   POST /checkout/{publicToken}/customer identify  {email, mobilePhoneNumber, postalCode, company fields on B2B}
 *   POST /checkout/{publicToken}/shipping the delivery step  {carrier, option}
 *   POST /checkout/{publicToken}/purchase complete  {paymentName}
 *   POST /checkout/{publicToken}/abort    the pay link's go-back button
 *   GET  /assets/checkout-page.js         the page's script
 *
 * The page's own paths are the sandbox's (the real iframe's are not public). JSON errors are
 * {"error": {"status", "message"}} like the control plane's, since only the page reads them.
 */
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import type { z } from 'zod';
import { goBackSchema, identifyStepSchema, purchaseStepSchema, deliveryStepSchema } from '../domain/requests/page.js';
import { cartSection, checkoutPage, unavailablePage } from '../hosted-page/checkout-page.js';
import { CheckoutSteps, paymentMethodsFor } from '../hosted-page/checkout-steps.js';
import { type PageOptions, pageOptions as optionsFromQuery } from '../hosted-page/page-options.js';
import { type PageState, pageState } from '../hosted-page/page-state.js';
import { streamPageState } from '../hosted-page/state-stream.js';
import { jsonResponse } from '../http/response.js';
import { pageDialect } from '../http/dialects/status-message.js';
import { type AnyOperation, jsonAnswer, operation } from '../http/operation.js';
import type { Answer } from '../http/types.js';
import { pageErrorSchema } from '../http/envelopes.js';
import { Refusal } from '../http/refusal.js';
import { refusalAnswers } from '../http/refusal-answers.js';
import type { Surface, SurfaceEnv } from '../http/types.js';
import { zodBinding } from '../http/zod-binding.js';
import type { SurfaceDeps } from '../routes/deps.js';
import {
  pageAbortedSchema,
  pageIdentifiedSchema,
  pagePurchasedSchema,
  pageShippingChosenSchema,
  pageStateSchema,
} from '../routes/answers/frontend.js';
import { shippingView } from '../routes/checkout-view.js';
import { type SurfaceDefinition, surfaceApp } from './base.js';

const ASSETS = new URL('../hosted-page/assets/', import.meta.url);
const asset = (name: string): string => readFileSync(new URL(name, ASSETS), 'utf8');
const LOADER = asset('loader.js');
const PAGE_SCRIPT = asset('checkout-page.js');

const SCRIPT: Answer = { description: 'The script.', contentType: 'application/javascript' };
const PAGE: Answer = { description: 'The page.', contentType: 'text/html' };
const UNAVAILABLE: Answer = { description: 'The page says the checkout is unknown, expired or aborted.', contentType: 'text/html' };
const REFUSED: Answer = {
  description: "A refusal of the page's call: {error: {status, message}}.",
  schema: pageErrorSchema,
  name: 'PageError',
};
const IDENTIFIED = jsonAnswer('The customer is identified.', pageIdentifiedSchema, 'PageIdentified');
const PURCHASED = jsonAnswer('The purchase is completed.', pagePurchasedSchema, 'PagePurchased');
const SHIPPING_CHOSEN = jsonAnswer(
  'The delivery choice and its fee, as data.shipping shows it.',
  pageShippingChosenSchema,
  'PageShippingChosen',
);
const ABORTED = jsonAnswer('The session is aborted: where the customer goes next.', pageAbortedSchema, 'PageAborted');
const STATE = jsonAnswer(
  "The page's view of its checkout: expiry on the sandbox clock, the shop's revision.",
  pageStateSchema,
  'PageState',
);
const STATE_STREAM: Answer = {
  description: 'Server-Sent Events: one data: line with the PageState JSON at once and on every change; ends after a final state.',
  contentType: 'text/event-stream',
};

/** What the page's operations take: the steps behind its buttons, made once per surface app when it sets up. */
interface PageDeps extends SurfaceDeps {
  steps: CheckoutSteps;
}

const script = (op: string, path: string, summary: string, body: string): AnyOperation<PageDeps> =>
  operation<PageDeps>({
    op,
    method: 'GET',
    path,
    auth: 'none',
    dialect: pageDialect,
    summary,
    answers: { '200': SCRIPT },
    handler: () => () =>
      new Response(body, {
        headers: {
          'content-type': 'application/javascript; charset=utf-8',
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        },
      }),
  });

const FRONTEND_OPERATIONS: readonly AnyOperation<PageDeps>[] = [
  script('getLoader', '/walley-checkout-loader.js', 'The loader script (new, data-version="v2")', LOADER),
  script('getOldLoader', '/collector-checkout-loader.js', 'The loader script (old name; also fires collectorCheckout… events)', LOADER),
  script('getPageScript', '/assets/checkout-page.js', "The hosted page's script", PAGE_SCRIPT),
  operation<PageDeps>({
    op: 'getCheckoutPage',
    method: 'GET',
    path: '/checkout/:publicToken',
    auth: 'none',
    dialect: pageDialect,
    summary: 'The hosted checkout page of a public token',
    query: {
      lang: "sv-SE, en-SE, nb-NO, fi-FI, da-DK, en-DE; ignored unless its country is the checkout's",
      variant: 'b2c or b2b',
      'action-color': 'hex colour (#rgb or #rrggbb); the text turns black where white would fail WCAG AA',
      'action-text-color': 'black, white, or a hex colour read as the nearer of the two',
      padding: 'none to drop it',
      version: 'accepted (v2)',
      webview: 'accepted (true in the mobile SDKs)',
    },
    answers: { '200': PAGE, '404': UNAVAILABLE, '410': UNAVAILABLE },
    handler: (deps) => (c) => servePage(deps, c, false),
  }),
  operation<PageDeps>({
    op: 'getPayLinkPage',
    method: 'GET',
    path: '/p/:publicToken',
    auth: 'none',
    dialect: pageDialect,
    summary: "A checkout's pay link (its paymentUri): the hosted checkout as a whole page",
    description:
      'As https://payments.collectorbank.se/docs/checkout/paylink/getting-started/ describes: the same steps as the embedded page, the same callbacks; showCart=false hides the cart, lang picks the language, and a checkoutAbortedRedirectPageUri adds a go-back button that aborts the session.',
    query: { showCart: 'false hides the cart (default true)', lang: "as the embedded page's, e.g. en-SE" },
    answers: { '200': PAGE, '404': UNAVAILABLE, '410': UNAVAILABLE },
    handler: (deps) => (c) => servePage(deps, c, true),
  }),
  operation<PageDeps>({
    op: 'getCheckoutPageCart',
    method: 'GET',
    path: '/checkout/:publicToken/cart',
    auth: 'none',
    dialect: pageDialect,
    summary: 'The cart section alone (refreshed on resume())',
    answers: { '200': PAGE, '404': REFUSED, '410': REFUSED },
    handler: (deps) => (c) => {
      const checkout = usable(deps.steps, c.req.param('publicToken') ?? '');
      return c.html(cartSection(checkout, pageOptions(c, checkout.countryCode).lang));
    },
  }),
  operation<PageDeps>({
    op: 'getCheckoutPageState',
    method: 'GET',
    path: '/checkout/:publicToken/state',
    auth: 'none',
    dialect: pageDialect,
    summary: "The page's view of its checkout (asked before each of the customer's steps)",
    answers: { '200': STATE, '404': REFUSED },
    handler: (deps) => (c) => jsonResponse(knownState(deps, c.req.param('publicToken') ?? ''), 200),
  }),
  operation<PageDeps>({
    op: 'streamCheckoutPageState',
    method: 'GET',
    path: '/checkout/:publicToken/state/stream',
    auth: 'none',
    dialect: pageDialect,
    summary: "The page's view of its checkout as Server-Sent Events, whenever it changes (the session's expiry on the sandbox clock)",
    answers: { '200': STATE_STREAM, '404': REFUSED },
    handler: (deps) => (c) => {
      const publicToken = c.req.param('publicToken') ?? '';
      knownState(deps, publicToken);
      return streamPageState(c, { read: () => stateOf(deps, publicToken), onClockChange: (listener) => deps.clock.onChange(listener) });
    },
  }),
  operation<PageDeps, z.infer<typeof identifyStepSchema>>({
    op: 'identifyOnPage',
    method: 'POST',
    path: '/checkout/:publicToken/customer',
    auth: 'none',
    dialect: pageDialect,
    summary: 'The customer identifies',
    body: { schema: identifyStepSchema, name: 'PageIdentify', bind: zodBinding(identifyStepSchema) },
    answers: { '200': IDENTIFIED, ...refusalAnswers(pageDialect, [400, 404, 410, 413, 423, 503]) },
    handler:
      (deps) =>
      async (c, { body: input }) => {
        const { steps } = deps;
        const checkout = usable(steps, c.req.param('publicToken') ?? '');
        const identified = await steps.identify(checkout, input);
        const customer = identified.customer;
        // With a delivery module, the choice the identification made (the page's delivery step shows it).
        const shipping = shippingView(identified);
        return jsonResponse(
          {
            status: identified.status,
            customer: {
              email: customer?.email ?? null,
              mobilePhoneNumber: customer?.mobilePhoneNumber ?? null,
              postalCode: customer?.deliveryAddress.postalCode ?? null,
            },
            ...(shipping ? { shipping } : {}),
          },
          200,
        );
      },
  }),
  operation<PageDeps, z.infer<typeof deliveryStepSchema>>({
    op: 'chooseShippingOnPage',
    method: 'POST',
    path: '/checkout/:publicToken/shipping',
    auth: 'none',
    dialect: pageDialect,
    summary: 'The customer picks a carrier and option in the delivery step',
    body: { schema: deliveryStepSchema, name: 'PageShippingChoice', bind: zodBinding(deliveryStepSchema) },
    answers: { '200': SHIPPING_CHOSEN, ...refusalAnswers(pageDialect, [400, 404, 410, 413, 423, 503]) },
    handler:
      (deps) =>
      async (c, { body: choice }) => {
        const { steps } = deps;
        const chosen = await steps.chooseShipping(usable(steps, c.req.param('publicToken') ?? ''), choice);
        return jsonResponse({ status: chosen.status, shipping: shippingView(chosen) }, 200);
      },
  }),
  operation<PageDeps, z.infer<typeof purchaseStepSchema>>({
    op: 'purchaseOnPage',
    method: 'POST',
    path: '/checkout/:publicToken/purchase',
    auth: 'none',
    dialect: pageDialect,
    summary: 'The customer completes the purchase',
    body: { schema: purchaseStepSchema, name: 'PagePurchase', bind: zodBinding(purchaseStepSchema) },
    answers: { '200': PURCHASED, ...refusalAnswers(pageDialect, [400, 404, 410, 413, 422, 423, 503]) },
    handler:
      (deps) =>
      async (c, { body: input }) => {
        const { steps } = deps;
        const checkout = usable(steps, c.req.param('publicToken') ?? '');
        if (!paymentMethodsFor('b2c').includes(input.paymentName))
          throw Refusal.single(400, 'Validation_Error', `paymentName: one of ${paymentMethodsFor('b2c').join(', ')}`);
        const outcome = await steps.purchase(checkout, input.paymentName);
        const purchased = outcome.checkout;
        return jsonResponse(
          {
            status: purchased.status,
            result: purchased.purchase?.result ?? null,
            paymentName: purchased.purchase?.paymentName ?? null,
            purchaseIdentifier: purchased.purchase?.purchaseIdentifier ?? null,
            orderId: outcome.order.orderId,
          },
          200,
        );
      },
  }),
  operation<PageDeps, z.infer<typeof goBackSchema>>({
    op: 'abortOnPage',
    method: 'POST',
    path: '/checkout/:publicToken/abort',
    auth: 'none',
    dialect: pageDialect,
    summary: "The pay link's go-back button: the session is aborted and the merchant notified",
    body: { schema: goBackSchema, name: 'PageGoBack', required: false, bind: zodBinding(goBackSchema) },
    answers: { '200': ABORTED, ...refusalAnswers(pageDialect, [400, 404, 409, 410, 413, 503]) },
    handler: (deps) => async (c) => {
      const checkout = usable(deps.steps, c.req.param('publicToken') ?? '');
      const aborted = await deps.simulation.abort(checkout);
      return jsonResponse({ status: aborted.checkout.status, redirect: checkout.checkoutAbortedRedirectPageUri ?? null }, 200);
    },
  }),
];

/** The host speaks the page's dialect throughout: its own refusals, what no operation serves and an injected fault alike. */
const dialectOf = () => pageDialect;

function createFrontendSurface(deps: SurfaceDeps): Surface {
  return surfaceApp({ ...deps, steps: new CheckoutSteps(deps.simulation, deps.settings) }, FRONTEND_OPERATIONS, { dialectOf });
}

export const FRONTEND_SURFACE: SurfaceDefinition = { operations: FRONTEND_OPERATIONS, create: createFrontendSurface, dialectOf };

/** The hosted page of a public token, embedded (the loader's iframe) or opened as a pay link. */
function servePage(deps: PageDeps, c: Context<SurfaceEnv>, payLink: boolean): Response | Promise<Response> {
  const { steps } = deps;
  const publicToken = c.req.param('publicToken') ?? '';
  const found = steps.lookup(publicToken);
  const options = pageOptions(
    c,
    'missing' in found ? (deps.simulation.byPublicToken(publicToken)?.countryCode ?? '') : found.checkout.countryCode,
  );
  if ('missing' in found) return c.html(unavailablePage(options, found.missing, publicToken), found.missing === 'unknown' ? 404 : 410);
  if (found.checkout.status === 'Aborted') return c.html(unavailablePage(options, 'aborted', publicToken), 410);
  const checkout = found.checkout;
  // The B2B variant: data-variant="b2b", or the store's segment (a B2B store's checkout is a business one).
  if (checkout.customerType === 'BusinessCustomer') options.variant = 'b2b';
  return c.html(
    checkoutPage(
      {
        checkout,
        personas: steps.personasFor(checkout),
        paymentMethods: paymentMethodsFor(options.variant),
        delivery: steps.deliveryModule(checkout),
        now: deps.clock.iso(),
        payLink,
      },
      options,
    ),
  );
}

function usable(steps: CheckoutSteps, publicToken: string) {
  const found = steps.lookup(publicToken);
  if ('missing' in found) {
    throw Refusal.single(
      found.missing === 'unknown' ? 404 : 410,
      'Page_Error',
      found.missing === 'unknown'
        ? `No checkout has the public token ${publicToken}.`
        : `The checkout ${publicToken} has expired on the sandbox clock.`,
    );
  }
  return found.checkout;
}

/** The loader's data-* attributes, passed on in the iframe's query. */
function pageOptions(c: Context<SurfaceEnv>, countryCode: string): PageOptions {
  return optionsFromQuery((name) => c.req.query(name), countryCode);
}

/** The page's view of a checkout, expired ones included (that is what the page watches for); null when the token names none. */
function stateOf(deps: SurfaceDeps, publicToken: string): PageState | null {
  const checkout = deps.simulation.byPublicToken(publicToken);
  return checkout ? pageState(checkout, deps.clock.iso(), deps.simulation.service.isExpired(checkout)) : null;
}

function knownState(deps: SurfaceDeps, publicToken: string): PageState {
  const state = stateOf(deps, publicToken);
  if (!state) throw Refusal.single(404, 'Page_Error', `No checkout has the public token ${publicToken}.`);
  return state;
}
