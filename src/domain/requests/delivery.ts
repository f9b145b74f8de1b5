/**
 * A delivery module's `shipping` block (docs/real-service.md, "Delivery-module shipping"), sent by the Magento 2
 * module's fallback instead of fees.shipping: `{provider, shippingFee, shipments: [{id,
 * feeItemId, shippingChoice: {id, name, fee, vat}}]}`. The service keeps each shipment as sent
 * (the view shows it back) and reads its fee; the parse output is a DeliveryShipping.
 */
import { z } from 'zod';
import type { DeliveryShipment, DeliveryShipping } from '../model.js';
import { toMinor } from '../money.js';
import { caseless, lenient, shapes, text, WIRE } from './fields.js';
import { complain, labelled } from './problems.js';
import { asTrimmedText, field, isBlank, isObject, type JsonObject, spelled } from './readers.js';

const SHIPMENT_SHAPE = '{id, feeItemId, shippingChoice: {id, name, fee, vat}}';

/** What a shipment may carry, for the document: the sandbox keeps it as sent and reads these. */
const shipmentWire = z.looseObject({
  id: WIRE.text.optional(),
  feeItemId: WIRE.text.optional().meta({ description: "The fee's order line id." }),
  shippingChoice: z
    .looseObject({
      id: WIRE.text.optional(),
      name: z.string().optional(),
      fee: WIRE.amount.optional(),
      vat: WIRE.number.optional().meta({ description: 'Else metadata.tax_rate; else 25.' }),
    })
    .optional(),
});

/** Each shipment as sent, and what the service reads of it; a shipment that is not an object is a problem. */
const shipments = lenient(
  z.array(shipmentWire),
  (raw, ctx): DeliveryShipment[] => {
    if (raw === undefined || raw === null) return [];
    if (!Array.isArray(raw)) return complain(ctx, labelled(`Shipments must be an array of ${SHIPMENT_SHAPE}.`));
    const read: DeliveryShipment[] = [];
    raw.forEach((sent: unknown, i) => {
      if (!isObject(sent)) return void complain(ctx, labelled('A shipment must be an object {id, feeItemId, shippingChoice}.', [i]));
      const choice = objectOrEmpty(field(sent, 'shippingChoice'));
      const feeValue = field(choice, 'fee');
      const fee = feeValue === undefined || feeValue === null ? null : toMinor(feeValue);
      if (feeValue !== undefined && feeValue !== null && fee === null) {
        complain(ctx, labelled(`'${spelled(feeValue)}' is not an amount such as 49 or "49.00".`, [i, 'shippingChoice', 'fee']));
      }
      const vatValue = field(choice, 'vat') ?? field(objectOrEmpty(field(choice, 'metadata')), 'tax_rate');
      read.push({
        sent,
        id: asTrimmedText(field(sent, 'id')),
        feeItemId: asTrimmedText(field(sent, 'feeItemId')),
        choiceId: asTrimmedText(field(choice, 'id')),
        name: asTrimmedText(field(choice, 'name')),
        fee,
        vat: vatValue === undefined || vatValue === null ? null : finiteOrNull(vatValue),
      });
    });
    return read;
  },
  'optional',
);

const shippingFee = lenient(
  WIRE.amount,
  (raw, ctx) => {
    if (isBlank(raw)) return null;
    const fee = toMinor(raw);
    return fee === null ? complain(ctx, labelled(`'${spelled(raw)}' is not an amount such as 49 or "49.00".`)) : fee;
  },
  'optional',
).meta({ description: "The fee charged; left out, the sum of the shipments' fees." });

const NOT_A_BLOCK = labelled(`Shipping must be an object {provider, shippingFee, shipments: [${SHIPMENT_SHAPE}]} or null.`);

const block = caseless({ shipments, shippingFee, provider: text() }, () => NOT_A_BLOCK);

/**
 * `shipping` of initialize / update checkout; null when absent or empty. A `shipments` that is not
 * a list is the one problem reported of the block: the fee is not read then.
 */
export const deliveryShippingSchema = shapes(
  (raw, ctx) => {
    if (isBlank(raw)) return null;
    if (!isObject(raw)) return complain(ctx, NOT_A_BLOCK);
    const list = field(raw, 'shipments');
    return list === undefined || list === null || Array.isArray(list) ? raw : { shipments: list };
  },
  [block, z.null()],
  (shipping): DeliveryShipping | null => {
    if (shipping === null) return null;
    const summed = shipping.shipments.reduce((sum, s) => sum + (s.fee ?? 0), 0);
    return { provider: shipping.provider, shippingFee: shipping.shippingFee ?? summed, shipments: shipping.shipments };
  },
).meta({ description: "A delivery module's shipping block: kept and shown as data.shipping; its fee is in the order's items and total." });

function objectOrEmpty(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

/** Number() as the block's VAT was always read ("12" → 12); what does not convert is no VAT. */
function finiteOrNull(value: unknown): number | null {
  let n: number;
  try {
    n = Number(value);
  } catch {
    return null;
  }
  return Number.isFinite(n) ? n : null;
}
