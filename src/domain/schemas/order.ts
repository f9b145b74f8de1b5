/**
 * Order administration request bodies (service-facts §6.1) as zod schemas, shared with
 * src/routes/order-requests.ts (the keys it reads) and the OpenAPI document; they accept
 * exactly what the binder accepts (test/unit/schema-agreement.test.ts).
 */
import { z } from 'zod';
import { KEYS_NOTE, lenientAmount, lenientNumber, positiveWholeNumber, textOrNumber } from './fields.js';

export const orderItemSchema = z.looseObject({
  id: textOrNumber.nullable().optional(),
  articleId: textOrNumber.nullable().optional().meta({ description: 'Older WooCommerce name of id.' }),
  articleNumber: textOrNumber.nullable().optional().meta({ description: 'Another name of id.' }),
  description: textOrNumber.nullable().optional(),
  unitPrice: lenientAmount.meta({ description: 'Price per unit incl. VAT, e.g. 95.00 or "95.00".' }),
  quantity: positiveWholeNumber,
  vat: z.union([lenientNumber, z.literal('')]).nullable().optional(),
  type: textOrNumber.nullable().optional(),
});

/** More than zero once rounded to two decimals, as the binder reads it. */
const positiveAmount = lenientAmount.refine((v) => Math.round(Number(String(v).trim().replace(',', '.')) * 100) > 0, { message: 'must be greater than 0' });

export const amountCommandSchema = z
  .looseObject({
    amount: positiveAmount.meta({ description: "Greater than 0, in the order's currency, e.g. 285.00 or \"285.00\"." }),
    description: textOrNumber.nullable().optional(),
    actionReference: textOrNumber.nullable().optional().meta({ description: 'Also an idempotency key (as are the X-Idempotency / Idempotency-Key headers).' }),
    items: z.array(orderItemSchema).nullable().optional().meta({ description: 'Left out or empty: by amount.' }),
  })
  .meta({ description: `capture / refund / reauthorize. ${KEYS_NOTE}` });

export const actionReferenceSchema = z
  .looseObject({ actionReference: textOrNumber.nullable().optional() })
  .meta({ description: 'cancel / extend: nothing required; an empty body is fine, other properties (amount, items) are ignored.' });
