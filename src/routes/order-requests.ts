/**
 * Reading order administration requests as real clients send them (service-facts §6.1):
 * WC sends `{"amount": "285.00", "items": [{"id", "Description", "Quantity", "UnitPrice": "95.00", "vat": "25"}]}`
 * (older WC versions `ArticleId`), the SDK/M2 `{amount: 285.0, actionReference: uniqid(), items: [{id, description,
 * quantity, unitPrice, type, vat}]}`. Keys bind case-insensitively, numbers may be strings,
 * unknown keys are ignored, and a body may be empty where nothing is required (cancel, extend).
 */
import type { Context } from 'hono';
import type { AmountCommand } from '../domain/order-admin.js';
import type { RequestedItem } from '../domain/order-ledger.js';
import { invalidRequest } from '../domain/order-violation.js';
import { actionReferenceSchema, amountCommandSchema, orderItemSchema } from '../domain/schemas/order.js';
import { fieldsOf } from '../domain/schemas/fields.js';
import { type JsonObject, asInteger, asMinor, asNumber, asText, field, isObject } from '../domain/binding.js';
import type { SurfaceEnv } from '../http/types.js';
import { type IdempotentRequest, fingerprintOf } from '../services/order-idempotency.js';

// The keys each body is read by: the schemas' keys, so binder and OpenAPI document agree.
const COMMAND = fieldsOf(amountCommandSchema);
const ITEM = fieldsOf(orderItemSchema);
const ACTION = fieldsOf(actionReferenceSchema);

function objectBody(body: unknown, example: string): JsonObject {
  if (body === undefined || body === null) return {};
  if (!isObject(body)) throw invalidRequest(`The body must be a JSON object such as ${example}.`);
  return body;
}

function optionalText(value: unknown): string | null {
  const text = asText(value)?.trim();
  return text ? text : null;
}

function bindItem(value: unknown, index: number): RequestedItem {
  const at = `items[${index}]`;
  if (!isObject(value)) throw invalidRequest(`${at} must be an object such as {"id": "10001", "unitPrice": 95.00, "quantity": 1}.`);
  const unitPrice = asMinor(field(value, ITEM.unitPrice));
  if (unitPrice === null) throw invalidRequest(`${at}.unitPrice is required: the price per unit incl. VAT, e.g. 95.00 or "95.00".`);
  const rawQuantity = field(value, ITEM.quantity);
  const quantity = asInteger(rawQuantity);
  if (quantity === null || quantity <= 0) {
    throw invalidRequest(`${at}.quantity must be a whole number above 0 (got ${JSON.stringify(rawQuantity) ?? 'nothing'}).`);
  }
  const vatValue = field(value, ITEM.vat);
  const vat = vatValue === undefined || vatValue === null || vatValue === '' ? null : asNumber(vatValue);
  if (vatValue !== undefined && vatValue !== null && vatValue !== '' && vat === null) throw invalidRequest(`${at}.vat must be a percentage such as 25 or "25".`);
  return {
    id: optionalText(field(value, ITEM.id)) ?? optionalText(field(value, ITEM.articleId)) ?? optionalText(field(value, ITEM.articleNumber)),
    description: optionalText(field(value, ITEM.description)),
    unitPrice,
    quantity,
    vat,
    type: optionalText(field(value, ITEM.type)),
  };
}

/** capture / refund / reauthorize: `amount` required (> 0), `items` optional. */
export function bindAmountCommand(body: unknown): AmountCommand {
  const obj = objectBody(body, '{"amount": 285.00}');
  const rawAmount = field(obj, COMMAND.amount);
  const amount = asMinor(rawAmount);
  if (amount === null) {
    throw invalidRequest(`amount is required: the amount in the order's currency, e.g. 285.00 or "285.00" (got ${JSON.stringify(rawAmount) ?? 'nothing'}).`);
  }
  if (amount <= 0) throw invalidRequest(`amount must be greater than 0 (got ${JSON.stringify(rawAmount)}).`);
  const rawItems = field(obj, COMMAND.items);
  let items: RequestedItem[] | null = null;
  if (rawItems !== undefined && rawItems !== null) {
    if (!Array.isArray(rawItems)) throw invalidRequest('items must be an array of {id, description, unitPrice, quantity, vat}, or left out.');
    // An empty list means "by amount", as when items are left out.
    items = rawItems.length === 0 ? null : rawItems.map(bindItem);
  }
  return {
    amount,
    description: optionalText(field(obj, COMMAND.description)),
    actionReference: optionalText(field(obj, COMMAND.actionReference)),
    items,
  };
}

/** cancel / extend: nothing required; SDK/M2 send amount and items on cancel, which are ignored. */
export function bindActionReference(body: unknown): string | null {
  return optionalText(field(objectBody(body, '{"actionReference": "cancel-1"}'), ACTION.actionReference));
}

const IDEMPOTENCY_HEADERS = ['x-idempotency', 'idempotency-key', 'walley-idempotency-key'];

export function idempotentRequest(c: Context<SurfaceEnv>, operation: string, orderId: string, body: unknown, actionReference: string | null): IdempotentRequest {
  const headerKey = IDEMPOTENCY_HEADERS.map((name) => c.req.header(name)?.trim()).find((value) => value) ?? null;
  return { headerKey, actionReference, fingerprint: fingerprintOf(operation, orderId, body) };
}
