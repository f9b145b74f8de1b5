/**
 * The `data` of GET on a checkout, shaped as docs/service-facts.md, "Checkout data" says for the checkout's phase.
 * Amounts are major units computed from integer minor units, so totals agree to the cent;
 * objects clients read without null checks are always present (with nulls); `reference`
 * is null until set; `shipping` is null unless a delivery module's block was sent or the
 * customer chose in the profile's delivery module.
 */
import { emptyAddress, emptyCustomer } from '../domain/checkout-customer.js';
import { cartTotal } from '../domain/checkout.js';
import type { Address, CartItem, Checkout, Customer, DeliveryChoice, Fee, Order, OrderItem } from '../domain/model.js';
import { toMajor } from '../domain/money.js';
import { orderItemsOf } from '../domain/order.js';
import { deliveryView } from '../domain/delivery-shipping.js';
import { choiceName, deliveryChoiceLines, shippingFeeIdOf } from '../domain/delivery-module.js';

/**
 * The view as JSON, kept per stored checkout: records are replaced whole on every change,
 * never edited in place, so a checkout object (with the same order object) always shows the
 * same view, and a GET in a polling loop serialises it once.
 */
const viewCache = new WeakMap<Checkout, { order: Order | undefined; json: string }>();

export function checkoutViewJson(checkout: Checkout, order: Order | undefined): string {
  const cached = viewCache.get(checkout);
  if (cached && cached.order === order) return cached.json;
  const json = JSON.stringify(checkoutView(checkout, order));
  viewCache.set(checkout, { order, json });
  return json;
}

export function checkoutView(checkout: Checkout, order: Order | undefined): Record<string, unknown> {
  const completed = checkout.status === 'PurchaseCompleted';
  const customer = checkout.customer ?? emptyCustomer();
  return {
    customerType: checkout.customerType,
    customer: customerView(customer),
    businessCustomer: checkout.customerType === 'BusinessCustomer' ? businessView(customer) : null,
    countryCode: checkout.countryCode,
    status: checkout.status,
    reference: checkout.reference,
    // After completion the real API answers cart and fees null; the order carries the lines.
    cart: completed ? null : cartView(checkout),
    fees: completed ? null : { shipping: feeView(checkout.fees.shipping), directInvoiceFee: feeView(checkout.fees.directInvoiceFee) },
    purchase: checkout.purchase ? { ...checkout.purchase, amountToPay: toMajor(checkout.purchase.amountToPay) } : null,
    order: completed ? orderView(checkout, order) : null,
    // A delivery module's block as sent, or the customer's choice in the profile's module (its
    // fee is in the order and amountToPay); null without either.
    shipping: checkout.shipping ? deliveryView(checkout.shipping) : choiceView(checkout.delivery),
    customFields: checkout.customFields ?? null,
    // Legacy top-level copy, read by OpenCart and the SDK.
    paymentName: checkout.purchase?.paymentName ?? null,
    appliedVouchers: null,
    metadata: checkout.metadata ?? null,
  };
}

function cartView(checkout: Checkout): Record<string, unknown> {
  return {
    totalAmount: toMajor(cartTotal(checkout)),
    items: checkout.cart.items.map(itemView),
    shippingProperties: checkout.cart.shippingProperties ?? null,
  };
}

function itemView(item: CartItem): Record<string, unknown> {
  return { ...item, unitPrice: toMajor(item.unitPrice) };
}

function feeView(fee: Fee | null): Record<string, unknown> | null {
  return fee ? { ...fee, unitPrice: toMajor(fee.unitPrice) } : null;
}

function orderView(checkout: Checkout, order: Order | undefined): Record<string, unknown> | null {
  const orderId = order?.orderId ?? checkout.orderId;
  if (!orderId) return null;
  const items: OrderItem[] = order?.items ?? orderItemsOf(checkout);
  const total = order?.totalAmount ?? items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
  return {
    orderId,
    totalAmount: toMajor(total),
    items: items.map((item) => ({ ...item, unitPrice: toMajor(item.unitPrice) })),
    customerToken: checkout.customerToken ?? null,
  };
}

function customerView(customer: Customer): Record<string, unknown> {
  return {
    email: customer.email,
    mobilePhoneNumber: customer.mobilePhoneNumber,
    nationalIdentificationNumber: customer.nationalIdentificationNumber,
    deliveryContactInformation: { mobilePhoneNumber: customer.mobilePhoneNumber },
    deliveryAddress: addressView(customer.deliveryAddress),
    billingAddress: addressView(customer.billingAddress),
  };
}

/** The company and its contact person (docs/service-facts.md, "Checkout data"); the organisation number of an older prefill is its nationalIdentificationNumber. */
function businessView(customer: Customer): Record<string, unknown> {
  const company = customer.company ?? null;
  const companyName = company?.companyName ?? null;
  return {
    companyName,
    organizationNumber: company?.organizationNumber ?? customer.nationalIdentificationNumber,
    invoiceReference: company?.invoiceReference ?? null,
    invoiceTag: company?.invoiceTag ?? null,
    email: customer.email,
    firstName: customer.deliveryAddress.firstName,
    lastName: customer.deliveryAddress.lastName,
    mobilePhoneNumber: customer.mobilePhoneNumber,
    deliveryContactInformation: { email: customer.email, mobilePhoneNumber: customer.mobilePhoneNumber },
    invoiceAddress: { companyName, ...addressView(customer.billingAddress) },
    deliveryAddress: { companyName, ...addressView(customer.deliveryAddress) },
  };
}

/**
 * A simulated delivery module's `data.shipping`, in both shapes WooCommerce reads
 * (coc_get_shipping_data): the Walley shipping module's carrierName/carrierId/shippingFee and
 * the delivery adapter's shipments[].shippingChoice, whose fee plus its options' fees is the
 * fee (the options carry none of their own), and pendingShipment.id, which it stores as the
 * delivery reference. shippingFeeId is the fee's order line.
 */
function choiceView(choice: DeliveryChoice | null | undefined): Record<string, unknown> | null {
  if (!choice) return null;
  const fee = toMajor(deliveryChoiceLines(choice).reduce((sum, line) => sum + line.unitPrice, 0));
  const shippingFeeId = shippingFeeIdOf(choice);
  return {
    provider: choice.provider,
    carrierId: choice.carrierId,
    carrierName: choice.carrierName,
    shippingFee: fee,
    shippingFeeId,
    pendingShipment: { id: choice.pendingShipmentId },
    shipments: [
      {
        id: choice.pendingShipmentId,
        feeItemId: shippingFeeId,
        shippingChoice: {
          id: choice.optionId,
          name: choiceName(choice),
          fee,
          options: [{ id: choice.optionId, name: choice.optionName, deliveryTime: choice.deliveryTime }],
          metadata: { carrierId: choice.carrierId, carrierName: choice.carrierName, deliveryTime: choice.deliveryTime, tax_rate: choice.vat },
        },
      },
    ],
  };
}

function addressView(address: Address | null | undefined): Address {
  return { ...emptyAddress(), ...(address ?? {}) };
}

/** `2026-11-29T03:15:46.1230000+00:00`: the real API's instants carry 7 fractional digits and an offset. */
export function serviceInstant(iso: string): string {
  const match = /^(.*T\d{2}:\d{2}:\d{2})(?:\.(\d+))?Z$/.exec(iso);
  if (!match) return iso;
  return `${match[1]}.${(match[2] ?? '').padEnd(7, '0').slice(0, 7)}+00:00`;
}
