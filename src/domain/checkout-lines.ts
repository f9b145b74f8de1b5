/**
 * Lenient binding of cart items and fees (service-facts §5.1, §10.6–10.8). Problems are
 * collected, one entry per problem, so a client sees everything wrong in one answer, as
 * the real API's Validation_Error lists every failing field.
 */
import { asBoolean, asNumber, asText, field, isObject, type JsonObject, shown } from './binding.js';
import type { CartItem, Fee, Fees } from './model.js';
import { toMinor } from './money.js';
import { articleLineSchema, cartItemSchema, cartObjectSchema, feesSchema } from './schemas/checkout.js';
import { fieldsOf } from './schemas/fields.js';

// The keys lines are read by: the schemas' keys (see schemas/fields.ts).
const LINE = fieldsOf(articleLineSchema);
const ITEM = fieldsOf(cartItemSchema);
const FEES = fieldsOf(feesSchema);
const CART = fieldsOf(cartObjectSchema);

/** Real clients send ids and descriptions longer than the service keeps; it cuts them. */
export const MAX_ID_LENGTH = 50;
export const MAX_DESCRIPTION_LENGTH = 50;

export interface Problem {
  reason: string;
  message: string;
}

export class Problems {
  readonly list: Problem[] = [];

  invalid(path: string, message: string): void {
    this.list.push({ reason: 'Validation_Error', message: `${path}: ${message}` });
  }

  get empty(): boolean {
    return this.list.length === 0;
  }
}

export interface BoundCart {
  items: CartItem[];
  shippingProperties: unknown;
}

export const NO_FEES: Fees = { shipping: null, directInvoiceFee: null };

/** `cart` as `{items, shippingProperties?}` or as a bare array of items. */
export function bindCart(value: unknown, path: string, problems: Problems): BoundCart | null {
  if (value === undefined || value === null || value === '') {
    problems.invalid(path, 'The Cart field is required: send {"items": [ ... ]} or a bare array of items.');
    return null;
  }
  let rawItems: unknown;
  let shippingProperties: unknown = null;
  let itemsPath = path;
  if (Array.isArray(value)) {
    rawItems = value;
  } else if (isObject(value)) {
    rawItems = field(value, CART.items);
    shippingProperties = field(value, CART.shippingProperties) ?? null;
    itemsPath = `${path}.items`;
  } else {
    problems.invalid(path, 'The Cart must be an object {"items": [ ... ]} or a bare array of items.');
    return null;
  }
  if (!Array.isArray(rawItems) || rawItems.length === 0) {
    problems.invalid(itemsPath, 'The Items field is required: send at least one item {id, description, unitPrice, quantity, vat}.');
    return null;
  }
  const items = rawItems.map((raw, i) => bindItem(raw, `${itemsPath}[${i}]`, problems));
  return { items: items.filter((item): item is CartItem => item !== null), shippingProperties };
}

function bindItem(raw: unknown, path: string, problems: Problems): CartItem | null {
  if (!isObject(raw)) {
    problems.invalid(path, 'An item must be an object with id, description, unitPrice, quantity and vat.');
    return null;
  }
  const before = problems.list.length;
  const id = bindId(raw, path, problems);
  const description = bindDescription(raw, path, problems);
  const unitPrice = bindAmount(raw, LINE.unitPrice, path, problems);
  const quantity = bindQuantity(raw, path, problems);
  const vat = bindVat(raw, path, problems, false);
  if (problems.list.length > before) return null;

  const item: CartItem = { id: id!, description: description!, unitPrice: unitPrice!, quantity: quantity!, vat: vat! };
  const sku = asText(field(raw, ITEM.sku));
  if (sku !== null) item.sku = sku;
  const unitWeight = asNumber(field(raw, ITEM.unitWeight));
  if (unitWeight !== null) item.unitWeight = unitWeight;
  const requiresElectronicId = asBoolean(field(raw, ITEM.requiresElectronicId));
  if (requiresElectronicId !== null) item.requiresElectronicId = requiresElectronicId;
  const type = asText(field(raw, ITEM.type));
  if (type !== null && type !== '') item.type = type;
  return item;
}

/**
 * `fees` in every shape clients send: missing, null, "" (WooCommerce), [] (PHP's empty
 * array), false, or an object whose shipping may be null; `directInvoiceFee` (SDK) or
 * `directinvoicenotification` (WooCommerce).
 */
export function bindFees(value: unknown, path: string, problems: Problems): Fees {
  if (isEmptyish(value)) return { ...NO_FEES };
  if (!isObject(value)) {
    problems.invalid(path, 'Fees must be an object such as {"shipping": {id, description, unitPrice, vat}} (or empty).');
    return { ...NO_FEES };
  }
  const invoiceFee = field(value, FEES.directInvoiceFee) ?? field(value, FEES.directinvoicenotification);
  const invoiceFeeName = field(value, FEES.directInvoiceFee) !== undefined ? 'directInvoiceFee' : 'directinvoicenotification';
  return {
    shipping: bindFee(field(value, FEES.shipping), `${path}.shipping`, problems),
    directInvoiceFee: bindFee(invoiceFee, `${path}.${invoiceFeeName}`, problems),
  };
}

function bindFee(value: unknown, path: string, problems: Problems): Fee | null {
  if (isEmptyish(value)) return null;
  if (!isObject(value)) {
    problems.invalid(path, 'A fee must be an object {id, description, unitPrice, vat} or null.');
    return null;
  }
  const before = problems.list.length;
  const id = bindId(value, path, problems);
  const description = bindDescription(value, path, problems);
  const unitPrice = bindAmount(value, LINE.unitPrice, path, problems);
  const vat = bindVat(value, path, problems, true);
  if (problems.list.length > before) return null;
  return { id: id!, description: description!, unitPrice: unitPrice!, vat: vat! };
}

/**
 * id + description must be unique across cart and fees, as the real API checks
 * (400 Duplicate_Articles); one entry per duplicated pair.
 */
export function duplicateArticles(items: readonly CartItem[], fees: Fees): Problem[] {
  const lines = [...items, ...[fees.shipping, fees.directInvoiceFee].filter((f): f is Fee => f !== null)];
  const counts = new Map<string, { id: string; description: string; count: number }>();
  for (const line of lines) {
    const key = `${line.id}\u0000${line.description}`;
    const entry = counts.get(key) ?? { id: line.id, description: line.description, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()]
    .filter((entry) => entry.count > 1)
    .map((entry) => ({
      reason: 'Duplicate_Articles',
      message:
        `The article id '${entry.id}' with description '${entry.description}' occurs ${entry.count} times across cart and fees; ` +
        'each id + description pair must be unique (merge the lines or give them distinct ids).',
    }));
}

function isEmptyish(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);
}

function bindId(raw: JsonObject, path: string, problems: Problems): string | null {
  const id = asText(field(raw, LINE.id))?.trim() ?? '';
  if (id === '') {
    problems.invalid(`${path}.id`, 'The Id field is required (a string of at most 50 characters).');
    return null;
  }
  return id.slice(0, MAX_ID_LENGTH);
}

function bindDescription(raw: JsonObject, path: string, problems: Problems): string | null {
  const description = asText(field(raw, LINE.description));
  if (description === null || description.trim() === '') {
    problems.invalid(`${path}.description`, 'The Description field is required (text, at most 50 characters are kept).');
    return null;
  }
  return description.slice(0, MAX_DESCRIPTION_LENGTH);
}

function bindAmount(raw: JsonObject, name: string, path: string, problems: Problems): number | null {
  const value = field(raw, name);
  if (value === undefined || value === null || value === '') {
    problems.invalid(`${path}.${name}`, `The ${capitalise(name)} field is required: the price including VAT, e.g. 199.00 or "199.00".`);
    return null;
  }
  const minor = toMinor(value);
  if (minor === null) problems.invalid(`${path}.${name}`, `'${shown(value)}' is not an amount; send a number or decimal string such as 199.00.`);
  return minor;
}

function bindQuantity(raw: JsonObject, path: string, problems: Problems): number | null {
  const value = field(raw, ITEM.quantity);
  if (value === undefined || value === null || value === '') {
    problems.invalid(`${path}.quantity`, 'The Quantity field is required: a whole number of at least 1.');
    return null;
  }
  const quantity = asNumber(value);
  if (quantity === null || !Number.isInteger(quantity) || quantity < 1) {
    problems.invalid(`${path}.quantity`, `'${shown(value)}' is not a valid quantity; send a whole number of at least 1.`);
    return null;
  }
  return quantity;
}

/** VAT in percent; a fee's 0.25 (WooCommerce pay-for-order sends a fraction) means 25 %. */
function bindVat(raw: JsonObject, path: string, problems: Problems, fractionAllowed: boolean): number | null {
  const value = field(raw, LINE.vat);
  if (value === undefined || value === null || value === '') {
    problems.invalid(`${path}.vat`, 'The Vat field is required: the VAT rate in percent, e.g. 25.');
    return null;
  }
  const vat = asNumber(value);
  if (vat === null || vat < 0 || vat > 100) {
    problems.invalid(`${path}.vat`, `'${shown(value)}' is not a VAT rate; send a percentage between 0 and 100, e.g. 25.`);
    return null;
  }
  if (fractionAllowed && vat > 0 && vat < 1) return Math.round(vat * 10000) / 100;
  return vat;
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
