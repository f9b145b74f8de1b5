/**
 * The `data` of GET on a checkout, shaped as the documented answers for the checkout's phase
 * (https://dev.walleypay.com/docs/checkout/getcheckoutinformation, and the retired
 * documentation's initialized and business examples as the official PHP SDK transcribes
 * them). Amounts are major units computed from integer minor units, so totals agree to the
 * cent. `customer` is null until the customer is identified and on a business checkout,
 * whose customer is `businessCustomer`; once shown, a customer object carries every field
 * (with nulls). `reference` is null until set; `shipping` is null unless a delivery module's
 * block was sent or the customer chose in the profile's delivery module.
 */
import { emptyAddress } from '../domain/checkout-customer.js';
import { cartTotal } from '../domain/checkout.js';
import type { Address, CartItem, Checkout, Customer, DeliveryChoice, Fee, Order, OrderItem } from '../domain/model.js';
import { toMajor } from '../domain/money.js';
import { orderItemsOf } from '../domain/order.js';
import { deliveryView } from '../domain/delivery-shipping.js';
import { choiceName, deliveryChoiceLines, shippingFeeIdOf } from '../domain/delivery-module.js';

/**
 * The view as JSON, kept per stored checkout: records are replaced whole on every change,
 * never edited in place, so a checkout object (with the same order object, and the session
 * still running or not) always shows the same view, and a GET in a polling loop serialises
 * it once.
 */
const viewCache = new WeakMap<Checkout, { order: Order | undefined; sessionExpired: boolean; json: string }>();

export function checkoutViewJson(checkout: Checkout, order: Order | undefined, sessionExpired: boolean): string {
  const cached = viewCache.get(checkout);
  if (cached && cached.order === order && cached.sessionExpired === sessionExpired) return cached.json;
  const json = JSON.stringify(checkoutView(checkout, order, sessionExpired));
  viewCache.set(checkout, { order, sessionExpired, json });
  return json;
}

/** Before the customer is identified there is no customer to show (a merchant's prefill is not one). */
function identified(checkout: Checkout): Customer | null {
  return checkout.status === 'Initialized' ? null : checkout.customer;
}

/** `sessionExpired`: the session's expiresAt has passed (only a completed purchase stays readable then). */
export function checkoutView(checkout: Checkout, order: Order | undefined, sessionExpired: boolean): Record<string, unknown> {
  const completed = checkout.status === 'PurchaseCompleted';
  const customer = identified(checkout);
  const business = checkout.customerType === 'BusinessCustomer';
  return {
    customerType: checkout.customerType,
    customer: customer && !business ? customerView(customer) : null,
    businessCustomer: customer && business ? businessView(customer) : null,
    countryCode: checkout.countryCode,
    status: checkout.status,
    reference: checkout.reference,
    // After completion the real API answers cart and fees null; the order carries the lines.
    cart: completed ? null : cartView(checkout),
    fees: completed ? null : feesView(checkout),
    purchase: checkout.purchase ? { ...checkout.purchase, amountToPay: toMajor(checkout.purchase.amountToPay) } : null,
    order: completed ? orderView(checkout, order) : null,
    // A delivery module's block as sent, or the customer's choice in the profile's module (its
    // fee is in the order and amountToPay); null without either.
    shipping: shippingView(checkout),
    customFields: checkout.customFields ?? null,
    // Legacy top-level copy, read by OpenCart and the SDK.
    paymentName: checkout.purchase?.paymentName ?? null,
    appliedVouchers: null,
    metadata: checkout.metadata ?? null,
    hasSessionExpired: sessionExpired,
  };
}

/** `data.shipping`: a delivery module's block as sent, else the customer's choice in the profile's module, else null. */
export function shippingView(checkout: Pick<Checkout, 'shipping' | 'delivery'>): Record<string, unknown> | null {
  return checkout.shipping ? deliveryView(checkout.shipping) : choiceView(checkout.delivery);
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
    items: items.map((item) => ({ ...shopLine(item), ...articleFieldsOf(checkout, item), unitPrice: toMajor(item.unitPrice) })),
    customerToken: checkout.customerToken ?? null,
  };
}

/** A line as the shop sent it: the checkout shows the shop's ids (WooCommerce finds its `shipping|…` row by it), not the article number order administration names a row by. */
function shopLine(item: OrderItem): Omit<OrderItem, 'articleNumber'> {
  const { id, description, unitPrice, quantity, vat } = item;
  return { id, description, unitPrice, quantity, vat };
}

/**
 * The article fields the merchant sent with a cart line (sku, unitWeight, requiresElectronicId,
 * type), echoed on the order line of the same id and description: the order lines are the
 * articles as sent, not a summary of them. Fees and delivery lines have none.
 */
function articleFieldsOf(checkout: Checkout, line: OrderItem): Partial<CartItem> {
  const sent = checkout.cart.items.find((item) => item.id === line.id && item.description === line.description);
  if (!sent) return {};
  const { sku, unitWeight, requiresElectronicId, type } = sent;
  return {
    ...(sku !== undefined ? { sku } : {}),
    ...(unitWeight !== undefined ? { unitWeight } : {}),
    ...(requiresElectronicId !== undefined ? { requiresElectronicId } : {}),
    ...(type !== undefined ? { type } : {}),
  };
}

/**
 * The fees as set: the shipping fee (null when there is none) and the invoice fee only when
 * there is one, as the retired documentation's initialized checkout shows its fees (the
 * clients read both with a fallback: the SDK's `?? []`).
 */
function feesView(checkout: Checkout): Record<string, unknown> {
  const { shipping, directInvoiceFee } = checkout.fees;
  return { shipping: feeView(shipping), ...(directInvoiceFee ? { directInvoiceFee: feeView(directInvoiceFee) } : {}) };
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

/** The company and its contact person (docs/real-service.md, "Checkout data"); the organisation number of an older prefill is its nationalIdentificationNumber. */
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
        // The shipment the module prepared, under both pages' names (docs/delivery-modules.md).
        bookedShipmentId: choice.pendingShipmentId,
        externalShipmentId: choice.pendingShipmentId,
        feeItemId: shippingFeeId,
        shippingChoice: {
          id: choice.optionId,
          name: choiceName(choice),
          fee,
          options: [{ id: choice.optionId, name: choice.optionName, deliveryTime: choice.deliveryTime }],
          metadata: {
            carrierId: choice.carrierId,
            carrierName: choice.carrierName,
            deliveryTime: choice.deliveryTime,
            tax_rate: choice.vat,
          },
        },
      },
    ],
  };
}

function addressView(address: Address | null | undefined): Address {
  return { ...emptyAddress(), ...(address ?? {}) };
}

/** The service's instants (seven fractional digits and an offset): the one formatter, src/domain/instants.ts. */
export { serviceInstant } from '../domain/instants.js';
