/**
 * Delivery-module shipping (docs/real-service.md, "Delivery-module shipping"): instead of `fees.shipping`, the Magento 2
 * module's fallback sends a top-level `shipping: {provider, shippingFee, shipments: [{id,
 * feeItemId, shippingChoice: {id, name, fee, vat}}]}`. The service keeps it, shows it as
 * `data.shipping` (WooCommerce reads `data.shipping.shippingFee` when `fees.shipping` is null)
 * and charges the fee: it is an order line, part of `order.totalAmount` and `amountToPay`.
 * Pure rules; binding the block is src/domain/requests/delivery.ts.
 */
import type { DeliveryShipment, DeliveryShipping, OrderItem } from './model.js';
import { toMajor } from './money.js';

export type { DeliveryShipping } from './model.js';

/** Shipping VAT when the shipment names none: the Swedish standard rate, what most senders mean. */
const DEFAULT_SHIPPING_VAT = 25;

/**
 * The order lines the fee becomes: one per shipment with a fee when those add up to the fee
 * charged, else one line of the whole fee (named after the first shipment, or the provider).
 */
export function deliveryLines(shipping: DeliveryShipping | null | undefined): OrderItem[] {
  if (!shipping || shipping.shippingFee === 0) return [];
  const charged = shipping.shipments.filter((s) => s.fee !== null && s.fee !== 0);
  if (charged.length && charged.reduce((sum, s) => sum + s.fee!, 0) === shipping.shippingFee)
    return charged.map((s) => line(s, s.fee!, shipping.provider));
  const first = shipping.shipments[0];
  return [
    first
      ? line(first, shipping.shippingFee, shipping.provider)
      : {
          id: 'shipping',
          description: shipping.provider ?? 'Shipping',
          unitPrice: shipping.shippingFee,
          quantity: 1,
          vat: DEFAULT_SHIPPING_VAT,
        },
  ];
}

export function deliveryTotal(shipping: DeliveryShipping | null | undefined): number {
  return deliveryLines(shipping).reduce((sum, l) => sum + l.unitPrice, 0);
}

/** `data.shipping`: the block as sent, amounts in major units, `shippingFee` the fee charged. */
export function deliveryView(shipping: DeliveryShipping | null | undefined): Record<string, unknown> | null {
  if (!shipping) return null;
  const [first] = deliveryLines(shipping);
  return {
    provider: shipping.provider,
    shippingFee: toMajor(shipping.shippingFee),
    // WooCommerce's reading of a delivery module's data: the fee's line id.
    shippingFeeId: first?.id ?? null,
    shipments: shipping.shipments.map((s) => {
      const choice = prop(s.sent, 'shippingChoice');
      return isRecord(choice) && s.fee !== null ? { ...s.sent, shippingChoice: { ...choice, fee: toMajor(s.fee) } } : s.sent;
    }),
  };
}

function line(shipment: DeliveryShipment, fee: number, provider: string | null): OrderItem {
  return {
    id: (shipment.feeItemId ?? shipment.choiceId ?? shipment.id ?? 'shipping').slice(0, 50),
    description: shipment.name ?? provider ?? 'Shipping',
    unitPrice: fee,
    quantity: 1,
    vat: shipment.vat ?? DEFAULT_SHIPPING_VAT,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A property in any letter case (clients send `ShippingFee` and `shippingFee`). */
function prop(obj: Record<string, unknown>, name: string): unknown {
  if (name in obj) return obj[name];
  const key = Object.keys(obj).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : obj[key];
}
