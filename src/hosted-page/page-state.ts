/**
 * What the hosted page needs to know of its checkout while it is open, on the sandbox clock:
 * whether the session has expired (the page then fires walleyCheckoutExpired), and a marker
 * of what the shop's server may change behind the page's back (cart, fees, its shipping
 * block). When that marker differs from the one the page was drawn with and the shop did not
 * wrap its change in suspend()/resume(), the page asks the customer to reload, as the real
 * checkout does on such a conflict (walleyCheckoutReloadedByUser).
 */
import { createHash } from 'node:crypto';
import type { Checkout } from '../domain/model.js';

export interface PageState {
  status: Checkout['status'];
  /** Sandbox time. */
  now: string;
  expiresAt: string;
  expired: boolean;
  revision: string;
}

/** Changes only when the shop changes the order (the customer's own steps leave it as it is). */
export function merchantRevision(checkout: Checkout): string {
  const owned = [checkout.cart, checkout.fees, checkout.shipping ?? null];
  return createHash('sha256').update(JSON.stringify(owned)).digest('base64url').slice(0, 16);
}

export function pageState(checkout: Checkout, now: string, expired: boolean): PageState {
  return { status: checkout.status, now, expiresAt: checkout.expiresAt, expired, revision: merchantRevision(checkout) };
}

/** Equal for the page's purposes: the clock alone moving is not news. */
export function sameForPage(a: PageState | null, b: PageState): boolean {
  return !!a && a.status === b.status && a.expired === b.expired && a.revision === b.revision && a.expiresAt === b.expiresAt;
}
