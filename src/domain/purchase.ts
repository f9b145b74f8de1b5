/**
 * What completing a purchase produces: the checkout's `purchase` block and its order, whose
 * state follows the purchase result (docs/real-service.md, "Purchase result"): an auto-activated purchase is
 * invoiced at once, a rejected one leaves a cancelled order, every other result waits for
 * the merchant to activate it.
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

export function orderStatusFor(result: PurchaseResult): OrderStatus {
  if (result === 'Activated' || result === 'Completed') return 'Activated';
  if (result === 'Rejected') return 'Cancelled';
  return 'NotActivated';
}

/** The order of a completed purchase; an activated one carries the invoice of its full amount. */
export function orderForPurchase(checkout: Checkout, result: PurchaseResult, details: NewOrder & { invoiceNumber: string }): Order {
  const order = orderFromCheckout(checkout, details);
  order.status = orderStatusFor(result);
  if (order.status === 'Activated') {
    order.invoices.push(fullInvoice(order, details.invoiceNumber, details.placedAt, null));
  }
  return order;
}
