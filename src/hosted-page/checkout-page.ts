/**
 * The hosted checkout page (the iframe the loader inserts), rendered on the server with
 * hono/html (escaped by default): the cart and fees as the API holds them, the customer's
 * details (or a test persona), the store's payment methods, and the outcome. Its script
 * (assets/checkout-page.js) talks to this surface and to the loader in the parent page.
 * Accessible by construction: one <main>, labelled fields in fieldsets with legends, native
 * buttons and radios (keyboard and focus order follow the document), live regions for
 * progress and errors.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { amountToPay } from '../domain/checkout.js';
import { chargedShippingLines } from '../domain/delivery-module.js';
import type { Checkout, Fee } from '../domain/model.js';
import type { DeliveryModule } from '../domain/merchant.js';
import { toMajor } from '../domain/money.js';
import type { Persona } from '../domain/personas.js';
import { companyFields, deliveryStep } from './delivery-step.js';
import type { PageOptions } from './page-options.js';
import { merchantRevision } from './page-state.js';
import { PAGE_STYLE } from './page-style.js';
import type { PageLanguage, StringKey } from './strings.js';

export interface PageModel {
  checkout: Checkout;
  personas: readonly Persona[];
  paymentMethods: readonly string[];
  /** The delivery module of the checkout's profile: the page then has a delivery step. */
  delivery: DeliveryModule | null;
  /** Sandbox time, shown with the expiry so testers see the clock the server decides by. */
  now: string;
  /** Opened as a pay link (a whole page, no shop around it): a go-back button when the checkout names where to. */
  payLink?: boolean;
}

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export function checkoutPage(model: PageModel, options: PageOptions): Html {
  const { checkout } = model;
  const t = options.lang.t;
  const completed = checkout.status === 'PurchaseCompleted';
  const identified = checkout.status === 'CustomerIdentified' || checkout.status === 'CommittedToPurchase';
  return document(
    options,
    t('title'),
    html`<main id="checkout" data-status="${checkout.status}" data-public-token="${checkout.publicToken}" data-revision="${merchantRevision(checkout)}">
      <h1>${t('title')}</h1>
      <p class="note">${t('sandboxNote')} <span class="clock">Sandbox time <time datetime="${model.now}">${model.now}</time>; expires <time datetime="${checkout.expiresAt}">${checkout.expiresAt}</time>.</span></p>
      <section id="cart" aria-labelledby="cart-heading" ${options.showCart ? '' : 'hidden'}>${cartSection(checkout, options.lang)}</section>
      <p id="progress" role="status" aria-live="polite"></p>
      <div id="problem" role="alert" tabindex="-1" hidden></div>
      ${conflictNotice(t)}
      ${completed ? '' : identifyForm(model, options, identified)}
      ${completed || !model.delivery ? '' : deliveryStep(checkout, model.delivery, options.lang, identified)}
      ${completed ? '' : paymentForm(model, options, identified)}
      ${completed ? '' : cardStep(t)}
      <section id="outcome" aria-labelledby="outcome-heading" tabindex="-1" ${completed ? '' : 'hidden'}>
        <h2 id="outcome-heading">${completed ? outcomeTitle(checkout, t) : ''}</h2>
        <p id="outcome-detail">${completed && checkout.purchase ? `${t(methodKey(checkout.purchase.paymentName))} · ${checkout.purchase.purchaseIdentifier}` : ''}</p>
        ${checkout.redirectPageUri ? html`<p><a href="${checkout.redirectPageUri.replaceAll('{checkout.publictoken}', checkout.publicToken)}" target="_top">${t('backToShop')}</a></p>` : ''}
      </section>
      ${model.payLink && !completed && checkout.checkoutAbortedRedirectPageUri ? goBack(checkout.checkoutAbortedRedirectPageUri, t) : ''}
    </main>
    <script type="application/json" id="page-strings">${raw(jsonForScript(pageScriptStrings(t)))}</script>
    <script src="${assetPath('checkout-page.js')}" defer></script>`,
  );
}

/**
 * The pay link's go-back button: the session is aborted (and the shop notified), then the
 * customer goes to checkoutAbortedRedirectPageUri (https://payments.collectorbank.se/docs/checkout/paylink/getting-started/).
 */
function goBack(uri: string, t: PageLanguage['t']): Html {
  return html`<form id="go-back" data-redirect="${uri}"><button type="submit" class="secondary">${t('backToShop')}</button></form>`;
}

/** The cart and fees as the API holds them: also served alone, so resume() can refresh it. */
export function cartSection(checkout: Checkout, lang: PageLanguage): Html {
  const t = lang.t;
  const money = new Intl.NumberFormat(lang.tag, { style: 'currency', currency: checkout.currency });
  const format = (minor: number): string => money.format(toMajor(minor));
  // The fees, and the shipping a delivery module charges (the shop's block, or the customer's choice).
  const fees = [checkout.fees.shipping, checkout.fees.directInvoiceFee].filter((fee): fee is Fee => fee !== null);
  const shipping = chargedShippingLines(checkout);
  return html`<h2 id="cart-heading">${t('cart')}</h2>
    <table>
      <thead><tr><th scope="col">${t('item')}</th><th scope="col" class="num">${t('quantity')}</th><th scope="col" class="num">${t('amount')}</th></tr></thead>
      <tbody>
        ${checkout.cart.items.map(
          (item) =>
            html`<tr data-item-id="${item.id}"><td>${item.description}</td><td class="num">${item.quantity}</td><td class="num">${format(item.unitPrice * item.quantity)}</td></tr>`,
        )}
        ${fees.map((fee) => html`<tr data-fee-id="${fee.id}"><td>${fee.description || t('shipping')}</td><td class="num"></td><td class="num">${format(fee.unitPrice)}</td></tr>`)}
        ${shipping.map((line) => html`<tr data-shipping-id="${line.id}"><td>${line.description}</td><td class="num"></td><td class="num" id="shipping-fee">${format(line.unitPrice)}</td></tr>`)}
      </tbody>
      <tfoot><tr><th scope="row" colspan="2">${t('total')}</th><td class="num" id="total">${format(amountToPay(checkout))}</td></tr></tfoot>
    </table>`;
}

function identifyForm(model: PageModel, options: PageOptions, identified: boolean): Html {
  const t = options.lang.t;
  const customer = model.checkout.customer;
  return html`<form id="identify" novalidate>
    <fieldset>
      <legend>${t('details')}</legend>
      <label for="persona">${t('persona')}</label>
      <select id="persona" name="persona">
        <option value="">${t('personaNone')}</option>
        ${model.personas.map(
          (p) =>
            html`<option value="${p.email}" data-phone="${p.mobilePhoneNumber}" data-postal-code="${p.postalCode}" data-organization-number="${p.organizationNumber ?? ''}" data-company-name="${p.companyName ?? ''}">${p.name} (${p.email})</option>`,
        )}
      </select>
      <label for="email">${t('email')}</label>
      <input id="email" name="email" type="email" autocomplete="email" required value="${customer?.email ?? ''}">
      <label for="phone">${t('phone')}</label>
      <input id="phone" name="mobilePhoneNumber" type="tel" autocomplete="tel" required value="${customer?.mobilePhoneNumber ?? ''}">
      <label for="postal-code">${t('postalCode')}</label>
      <input id="postal-code" name="postalCode" autocomplete="postal-code" inputmode="numeric" required value="${customer?.deliveryAddress.postalCode ?? ''}">
      ${model.checkout.customerType === 'BusinessCustomer' ? companyFields(options.lang) : ''}
      <button type="submit">${identified ? t('continue') + ' ✓' : t('continue')}</button>
    </fieldset>
  </form>`;
}

function paymentForm(model: PageModel, options: PageOptions, identified: boolean): Html {
  const t = options.lang.t;
  return html`<form id="pay" ${identified ? '' : 'hidden'}>
    <fieldset>
      <legend id="payment-legend" tabindex="-1">${t('payment')}</legend>
      ${model.paymentMethods.map(
        (method, i) =>
          html`<div class="method"><input type="radio" id="method-${method}" name="paymentName" value="${method}" ${i === 0 ? 'checked' : ''}><label for="method-${method}">${t(methodKey(method))}</label></div>`,
      )}
      <fieldset class="crm"><legend>${t('crm')}</legend><div class="method"><input type="checkbox" id="newsletter" name="newsletter"><label for="newsletter">${t('newsletter')}</label></div></fieldset>
      <button type="submit" class="action">${t('complete')}</button>
    </fieldset>
  </form>`;
}

/**
 * What the shop changed behind the page's back (no suspend()/resume() around it): the customer
 * is asked to reload before going on. Shown by the page's script.
 */
function conflictNotice(t: (key: StringKey) => string): Html {
  return html`<section id="conflict" role="alert" tabindex="-1" hidden>
      <p>${t('changed')}</p>
      <button type="button" id="reload">${t('reload')}</button>
    </section>`;
}

/** The card payment's own window (a bank's approval step), where the customer can still cancel. Shown by the page's script. */
function cardStep(t: (key: StringKey) => string): Html {
  return html`<section id="card-step" aria-labelledby="card-heading" tabindex="-1" hidden>
      <h2 id="card-heading">${t('cardTitle')}</h2>
      <p class="note">${t('cardNote')}</p>
      <button type="button" id="card-approve" class="action">${t('cardApprove')}</button>
      <button type="button" id="card-cancel">${t('cardCancel')}</button>
    </section>`;
}

/**
 * A page for a token that names no checkout (404), or an expired or aborted one (410). Its
 * script tells the loader, which fires walleyCheckoutExpired for an expired one.
 */
export function unavailablePage(options: PageOptions, reason: 'unknown' | 'expired' | 'aborted', publicToken: string): Html {
  const t = options.lang.t;
  return document(
    options,
    t('title'),
    html`<main id="unavailable" data-reason="${reason}" data-public-token="${publicToken}"><h1>${t('title')}</h1><p role="alert">${t(reason)}</p></main>
    <script src="${assetPath('checkout-page.js')}" defer></script>`,
  );
}

function document(options: PageOptions, title: string, body: Html): Html {
  const vars = [
    options.actionColor ? `--action:${options.actionColor};` : '',
    options.actionTextColor ? `--action-text:${options.actionTextColor};` : '',
    options.padding ? '' : '--padding:0;',
  ].join('');
  return html`<!doctype html>
<html lang="${options.lang.tag}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${raw(PAGE_STYLE)}</style>
</head>
<body class="variant-${options.variant}" style="${vars}">
${body}
</body>
</html>`;
}

function outcomeTitle(checkout: Checkout, t: (key: StringKey) => string): string {
  return checkout.purchase?.result === 'Rejected' ? t('rejected') : t('thanks');
}

function methodKey(method: string): StringKey {
  return (['DirectInvoice', 'Account', 'PartPayment', 'Card'] as const).find((m) => m === method) ?? 'DirectInvoice';
}

/** The strings the page's script shows by itself (progress, outcomes). */
function pageScriptStrings(t: (key: StringKey) => string): Record<string, string> {
  const keys: StringKey[] = [
    'identifying',
    'identified',
    'processing',
    'updating',
    'thanks',
    'rejected',
    'validationFailed',
    'failed',
    'expired',
    'paymentAborted',
  ];
  return Object.fromEntries(keys.map((key) => [key, t(key)]));
}

/** JSON inside <script>: '<' escaped so no string can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** Assets are addressed relative to the page (…/checkout/{token}), so every addressing mode works. */
function assetPath(name: string): string {
  return `../assets/${name}`;
}
