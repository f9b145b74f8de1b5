/**
 * How a completed purchase becomes an order: order items are the cart plus the fees plus the
 * shipping a delivery module charges, so `order.totalAmount` equals what the checkout showed
 * to the cent (clients compare them).
 */
import { chargedShippingLines } from './delivery-module.js';
import type { Checkout, Invoice, Order, OrderItem } from './model.js';
import { sumLines } from './money.js';

/**
 * The article number of an order's shipping row, as order administration shows it, by the
 * order's country. No page shows an order's rows that far (the stored get-order examples end
 * before `items`); the clients that read them back do: Walley's Magento 2 module finds the
 * shipping row by article number "Frakt" (the Payments SDK's ArticleList::getShippingArticle,
 * https://github.com/collector-bank/PaymentsAPI-PHP-SDK), and the NordicWebTeam fork by "Frakt",
 * "Fragt" or "Toimituskulut" (https://github.com/NordicWebTeam/Collector-bank-Checkout-Magento-2,
 * src/Service/Sdk/Payment/Invoice/Article/ArticleList.php): Swedish and Norwegian, Danish and
 * Finnish for shipping. Germany and EU stores are named by no source: "Frakt", the one name
 * both modules find.
 */
const SHIPPING_ARTICLE_NUMBERS: Readonly<Record<string, string>> = { SE: 'Frakt', NO: 'Frakt', DK: 'Fragt', FI: 'Toimituskulut' };

export function shippingArticleNumber(countryCode: string): string {
  return SHIPPING_ARTICLE_NUMBERS[countryCode.toUpperCase()] ?? 'Frakt';
}

/**
 * The order's lines: the cart, the fees, and the shipping a delivery module charges. A shipping
 * row keeps the shop's id (the checkout's order lines show it, and WooCommerce captures and
 * refunds by it) and carries the service's article number (what GET /manage/orders shows). The
 * invoice fee keeps the shop's id: no source names it otherwise.
 */
export function orderItemsOf(checkout: Pick<Checkout, 'cart' | 'fees' | 'shipping' | 'delivery' | 'countryCode'>): OrderItem[] {
  const items: OrderItem[] = checkout.cart.items.map((item) => ({
    id: item.id,
    description: item.description,
    unitPrice: item.unitPrice,
    quantity: item.quantity,
    vat: item.vat,
  }));
  const shipping = shippingArticleNumber(checkout.countryCode);
  const { shipping: fee, directInvoiceFee } = checkout.fees;
  if (fee)
    items.push({ id: fee.id, description: fee.description, unitPrice: fee.unitPrice, quantity: 1, vat: fee.vat, articleNumber: shipping });
  if (directInvoiceFee) {
    const { id, description, unitPrice, vat } = directInvoiceFee;
    items.push({ id, description, unitPrice, quantity: 1, vat });
  }
  items.push(...chargedShippingLines(checkout).map((line) => ({ ...line, articleNumber: shipping })));
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
