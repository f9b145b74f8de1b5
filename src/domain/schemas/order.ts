/**
 * Order administration request bodies (service-facts §6.1) as zod schemas, shared with
 * src/routes/order-requests.ts (the keys it reads) and the OpenAPI document.
 */
import { z } from 'zod';
import { KEYS_NOTE, lenientNumber, textOrNumber } from './fields.js';

export const orderItemSchema = z.looseObject({
  id: textOrNumber.optional(),
  articleId: textOrNumber.optional().meta({ description: 'Older WooCommerce name of id.' }),
  articleNumber: textOrNumber.optional().meta({ description: 'Another name of id.' }),
  description: z.string().optional(),
  unitPrice: lenientNumber.meta({ description: 'Price per unit incl. VAT, e.g. 95.00 or "95.00".' }),
  quantity: z.union([z.number().int().min(1), z.string().regex(/^\d+(\.0+)?$/)]),
  vat: lenientNumber.nullable().optional(),
  type: z.string().optional(),
});

export const amountCommandSchema = z
  .looseObject({
    amount: lenientNumber.meta({ description: "Greater than 0, in the order's currency, e.g. 285.00 or \"285.00\"." }),
    description: z.string().optional(),
    actionReference: textOrNumber.optional().meta({ description: 'Also an idempotency key (as are the X-Idempotency / Idempotency-Key headers).' }),
    items: z.array(orderItemSchema).nullable().optional().meta({ description: 'Left out or empty: by amount.' }),
  })
  .meta({ description: `capture / refund / reauthorize. ${KEYS_NOTE}` });

export const actionReferenceSchema = z
  .looseObject({ actionReference: textOrNumber.optional() })
  .meta({ description: 'cancel / extend: nothing required; an empty body is fine, other properties (amount, items) are ignored.' });
