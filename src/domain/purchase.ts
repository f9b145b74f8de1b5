/**
 * What completing a purchase produces: the checkout's `purchase` block and its order, whose
 * state follows the purchase result (docs/real-service.md, "Purchase result"): an auto-activated purchase is
 * invoiced at once, a rejected one leaves a cancelled order, every other result waits for
 * the merchant to activate it.
 *
 * A purchase of nothing (a free trial that only registers a customer token, a fully discounted
 * cart: "the first payment could be zero", https://dev.walleypay.com/docs/checkout/tokenization/create/)
 * has nothing to authorize or capture: the service completes it (result `Completed`, which
 * WooCommerce's module handles as a free-trial or zero-amount order) and its order is Activated
 * without an invoice, as an invoice of nothing is none. A rejection, a fraud review or a
 * signature still goes as asked.
 */
import { amountToPay } from './checkout.js';
import type { Checkout, Order, OrderStatus, Purchase, PurchaseResult } from './model.js';
import { type NewOrder, fullInvoice, orderFromCheckout } from './order.js';

export interface PurchaseDetails {
  result: PurchaseResult;
  paymentName: string;
  purchaseIdentifier: string;
}

export function purchaseOf(checkout: Pick<Checkout, 'cart' | 'fees' | 'shipping' | 'delivery'>, details: PurchaseDetails): Purchase {
  return {
    amountToPay: amountToPay(checkout),
    paymentName: details.paymentName,
    invoiceDeliveryMethod: 'Email',
    purchaseIdentifier: details.purchaseIdentifier,
    result: details.result,
  };
}

/** The result a purchase ends with: a paid purchase of nothing is Completed. */
export function purchaseResultFor(
  checkout: Pick<Checkout, 'cart' | 'fees' | 'shipping' | 'delivery'>,
  requested: PurchaseResult,
): PurchaseResult {
  const paid = requested === 'Preliminary' || requested === 'Activated' || requested === 'Completed';
  return paid && amountToPay(checkout) === 0 ? 'Completed' : requested;
}

export function orderStatusFor(result: PurchaseResult): OrderStatus {
  if (result === 'Activated' || result === 'Completed') return 'Activated';
  if (result === 'Rejected') return 'Cancelled';
  return 'NotActivated';
}

/** The order of a completed purchase; an activated one carries the invoice of its full amount, when there is one. */
export function orderForPurchase(checkout: Checkout, result: PurchaseResult, details: NewOrder & { invoiceNumber: string }): Order {
  const order = orderFromCheckout(checkout, details);
  order.status = orderStatusFor(result);
  if (order.status === 'Activated' && order.totalAmount > 0) {
    order.invoices.push(fullInvoice(order, details.invoiceNumber, details.placedAt, null));
  }
  return order;
}
