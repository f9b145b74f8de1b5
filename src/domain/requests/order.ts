/**
 * Order administration request bodies as real clients send them (docs/real-service.md, "Order item shapes"): WC sends
 * `{"amount": "285.00", "items": [{"id", "Description", "Quantity", "UnitPrice": "95.00", "vat": "25"}]}`
 * (older WC versions `ArticleId`), the SDK/M2 `{amount: 285.0, actionReference: uniqid(), items:
 * [{id, description, quantity, unitPrice, type, vat}]}`. Keys in any case, numbers as strings,
 * unknown keys ignored, an empty body where nothing is required (cancel, extend). The handler
 * answers the first problem (400 VALIDATION_ERROR, problem details).
 */
import { z } from 'zod';
import type { AmountCommand } from '../order-admin.js';
import type { RequestedItem } from '../order-ledger.js';
import { amount, caseless, KEYS_NOTE, number, text, wholeNumber } from './fields.js';
import { type Complaint, complain, phrase, whole } from './problems.js';

/** `{}` for an empty body or null; anything else but an object is a problem. */
function objectBody(example: string): (raw: unknown) => Complaint | null {
  return (raw) => (raw === undefined || raw === null ? null : whole(`The body must be a JSON object such as ${example}.`));
}

/** What `got` quotes of a value: its JSON, or nothing. */
const got = (raw: unknown): string => JSON.stringify(raw) ?? 'nothing';

export const orderItemSchema = caseless(
  {
    id: text(),
    articleId: text().meta({ description: 'Older WooCommerce name of id.' }),
    articleNumber: text().meta({ description: 'Another name of id.' }),
    description: text(),
    unitPrice: amount({
      invalid: () => phrase('is required: the price per unit incl. VAT, e.g. 95.00 or "95.00".'),
      keepOversized: true,
    }).meta({
      description: 'Price per unit incl. VAT, e.g. 95.00 or "95.00".',
    }),
    quantity: wholeNumber({ invalid: (raw) => phrase(`must be a whole number above 0 (got ${got(raw)}).`) }),
    vat: number({ invalid: () => phrase('must be a percentage such as 25 or "25".') }),
    type: text(),
  },
  () => phrase('must be an object such as {"id": "10001", "unitPrice": 95.00, "quantity": 1}.'),
).transform((item): RequestedItem => ({
  id: item.id ?? item.articleId ?? item.articleNumber,
  description: item.description,
  unitPrice: item.unitPrice,
  quantity: item.quantity,
  vat: item.vat,
  type: item.type,
}));

/** Items left out, null or empty mean "by amount". */
const items = z
  .preprocess(
    (raw, ctx) =>
      raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)
        ? null
        : Array.isArray(raw)
          ? raw
          : complain(ctx, phrase('must be an array of {id, description, unitPrice, quantity, vat}, or left out.')),
    z.array(orderItemSchema).nullable(),
  )
  .meta({ description: 'Left out or empty: by amount.' });

/** capture / refund / reauthorize: `amount` required (> 0), `items` optional. */
export const amountCommandSchema = caseless(
  {
    amount: amount({
      invalid: (raw) => phrase(`is required: the amount in the order's currency, e.g. 285.00 or "285.00" (got ${got(raw)}).`),
      notPositive: (raw) => phrase(`must be greater than 0 (got ${JSON.stringify(raw)}).`),
      // More than any order allows: refused by the operation with its own code (more than is left to capture, …).
      keepOversized: true,
    }).meta({ description: 'Greater than 0, in the order\'s currency, e.g. 285.00 or "285.00".' }),
    description: text(),
    actionReference: text().meta({ description: 'Also an idempotency key (as are the X-Idempotency / Idempotency-Key headers).' }),
    items: items.optional(),
  },
  objectBody('{"amount": 285.00}'),
)
  .transform((body): AmountCommand => ({
    amount: body.amount,
    description: body.description,
    actionReference: body.actionReference,
    items: body.items ?? null,
  }))
  .meta({ description: `capture / refund / reauthorize. ${KEYS_NOTE}` });

/** cancel / extend: nothing required; SDK/M2 send amount and items on cancel, which are ignored. */
export const actionReferenceSchema = caseless({ actionReference: text() }, objectBody('{"actionReference": "cancel-1"}'))
  .transform((body) => body.actionReference)
  .meta({ description: 'cancel / extend: nothing required; an empty body is fine, other properties (amount, items) are ignored.' });
