/**
 * Pure rules of a checkout session: identifiers, totals, and which phase allows what.
 */
import { chargedShippingLines } from './delivery-module.js';
import type { Checkout } from './model.js';
import { sumLines } from './money.js';

/** `public-SE-<hex>`, as the real service issues public tokens (country from the store). */
export function publicTokenFor(countryCode: string, hex: string): string {
  return `public-${countryCode}-${hex}`;
}

/**
 * The pay link of a checkout: the hosted checkout as a whole page, `{frontend}/p/{code}` as the
 * pay-link getting-started page shows it (https://payments.collectorbank.se/docs/checkout/paylink/getting-started/,
 * `https://checkout.walleypay.com/p/bXjYxk`). The sandbox's code is the public token, which
 * already names the checkout on that host.
 */
export function payLinkUri(frontendBaseUrl: string, publicToken: string): string {
  return `${frontendBaseUrl}/p/${encodeURIComponent(publicToken)}`;
}

/**
 * `widget-NO-0TTJOMERnUGlVN1Jt…`: the store's country and 93 characters of the form the
 * documentation's token shows (https://payments.collectorbank.se/docs/checkout/widgets/create-widget-token):
 * a version digit, then the base64 of a base64 text. `random` gives that text (52 bytes or more).
 */
export function widgetTokenFor(countryCode: string, random: Uint8Array): string {
  const text = Buffer.from(random).toString('base64').slice(0, 69);
  return `widget-${countryCode}-0${Buffer.from(text, 'latin1').toString('base64')}`;
}

export function cartTotal(checkout: Pick<Checkout, 'cart'>): number {
  return sumLines(checkout.cart.items);
}

function feesTotal(checkout: Pick<Checkout, 'fees'>): number {
  const { shipping, directInvoiceFee } = checkout.fees;
  return (shipping?.unitPrice ?? 0) + (directInvoiceFee?.unitPrice ?? 0);
}

/** Cart + fees + a delivery module's shipping fee (the shop's own block, or the customer's choice). */
export function amountToPay(checkout: Pick<Checkout, 'cart' | 'fees' | 'shipping' | 'delivery'>): number {
  return cartTotal(checkout) + feesTotal(checkout) + sumLines(chargedShippingLines(checkout));
}

export function isExpired(checkout: Pick<Checkout, 'expiresAt' | 'status'>, nowMs: number): boolean {
  // A completed purchase stays readable; only unfinished sessions vanish at expiresAt.
  return checkout.status !== 'PurchaseCompleted' && Date.parse(checkout.expiresAt) <= nowMs;
}
