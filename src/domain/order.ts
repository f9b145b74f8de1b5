/**
 * How a completed purchase becomes an order: order items are the cart plus the fees plus the
 * shipping a delivery module charges, so `order.totalAmount` equals what the checkout showed
 * to the cent (clients compare them).
 */
import { chargedShippingLines } from './delivery-module.js';
import type { Checkout, Invoice, Order, OrderItem } from './model.js';
import { sumLines } from './money.js';

export function orderItemsOf(checkout: Pick<Checkout, 'cart' | 'fees' | 'shipping' | 'delivery'>): OrderItem[] {
  const items: OrderItem[] = checkout.cart.items.map((item) => ({
    id: item.id,
    description: item.description,
    unitPrice: item.unitPrice,
    quantity: item.quantity,
    vat: item.vat,
  }));
  for (const fee of [checkout.fees.shipping, checkout.fees.directInvoiceFee]) {
    if (fee) items.push({ id: fee.id, description: fee.description, unitPrice: fee.unitPrice, quantity: 1, vat: fee.vat });
  }
  items.push(...chargedShippingLines(checkout));
  return items;
}

export interface NewOrder {
  orderId: string;
  placedAt: string;
  expiresAt: string;
  paymentMethod: string;
}

export function orderFromCheckout(checkout: Checkout, details: NewOrder): Order {
  const items = orderItemsOf(checkout);
  return {
    orderId: details.orderId.toLowerCase(),
    merchantId: checkout.merchantId,
    storeId: checkout.storeId,
    checkoutPrivateId: checkout.privateId,
    reference: checkout.reference,
    paymentMethod: details.paymentMethod,
    currency: checkout.currency,
    countryCode: checkout.countryCode,
    salesSegment: checkout.customerType === 'BusinessCustomer' ? 'B2B' : 'B2C',
    status: 'NotActivated',
    placedAt: details.placedAt,
    expiresAt: details.expiresAt,
    totalAmount: sumLines(items),
    items,
    customer: checkout.customer,
    invoices: [],
  };
}

/** The invoice of an order captured in full at once (auto-activated purchases and authorizations). */
export function fullInvoice(order: Order, invoiceNumber: string, createdAt: string, actionReference: string | null): Invoice {
  return {
    invoiceNumber,
    type: 'Invoice',
    amount: order.totalAmount,
    items: order.items.map((item) => ({ ...item })),
    createdAt,
    actionReference,
    description: null,
  };
}

/**
 * The code of the payment product an order was paid with, as GET /manage/orders shows it: the
 * Get order page's example of an invoice order shows DI_001
 * (https://dev.walleypay.com/docs/manage/orders/get). The documentation names no other code,
 * and its earlier revision answers null, so every other payment method answers null.
 */
export function productCodeOf(paymentMethod: string): string | null {
  const name = paymentMethod.replace(/\s+/g, '').toLowerCase();
  return name === 'invoice' || name === 'directinvoice' ? 'DI_001' : null;
}
