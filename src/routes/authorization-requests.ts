/**
 * Reading POST /purchase/authorizations as clients send it (service-facts §5.10): the docs send
 * numbers as strings ("unitPrice": "10", "quantity": "1"), WooCommerce PascalCase item keys
 * (§6.1); keys bind case-insensitively, unknown keys are ignored. Every problem is reported.
 */
import { parseInstant } from '../clock.js';
import type { OrderItem } from '../domain/model.js';
import { type AttemptSchedule, type AuthorizationRequest, type CaptureMode, FAILURE_REASONS, type FailureReason, isFailureReason, parseTimeSpanMs } from '../domain/tokenization.js';
import { asInteger, asMinor, asNumber, asText, field, isObject, type JsonObject } from '../domain/binding.js';
import type { ErrorEntry } from '../http/refusal.js';

const MAX_SCHEDULE_MS = 100 * 365 * 24 * 3600 * 1000;

export type Bound<T> = { ok: true; value: T } | { ok: false; problems: ErrorEntry[] };

const EXAMPLE =
  '{"customerToken": "<data.order.customerToken>", "order": {"reference": "SUB-1", "currency": "SEK", "captureMode": "Auto", ' +
  '"items": [{"id": "SUB", "description": "Monthly box", "unitPrice": "199.00", "quantity": "1", "vat": "25"}]}}';

export function bindAuthorization(body: unknown): Bound<AuthorizationRequest> {
  const problems: ErrorEntry[] = [];
  const invalid = (message: string): void => void problems.push({ reason: 'Validation_Error', message });
  if (!isObject(body)) {
    invalid(`The request body must be a JSON object such as ${EXAMPLE}.`);
    return { ok: false, problems };
  }
  const customerToken = text(field(body, 'customerToken'));
  if (!customerToken) invalid('customerToken: The CustomerToken field is required: data.order.customerToken of the purchase on a recurring profile.');
  const storeId = text(field(body, 'storeId'));
  const order = field(body, 'order');
  if (!isObject(order)) {
    invalid(`order: The Order field is required: ${EXAMPLE}.`);
    return { ok: false, problems };
  }
  const currency = text(field(order, 'currency'))?.toUpperCase() ?? null;
  if (!currency) invalid('order.currency: The Currency field is required, e.g. "SEK" (the store\'s currency).');
  const captureMode = bindCaptureMode(field(order, 'captureMode'), invalid);
  const items = bindItems(field(order, 'items'), invalid);
  const schedule = bindSchedule(field(body, 'attemptSchedule'), invalid);
  if (items && items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0) <= 0) {
    invalid('order.items: the order total must be above 0; an authorization charges the customer.');
  }
  if (problems.length || !customerToken || !currency || !captureMode || !items || !schedule) return { ok: false, problems };
  return {
    ok: true,
    value: {
      customerToken,
      storeId,
      reference: text(field(order, 'reference')),
      actionReference: text(field(order, 'actionReference')),
      currency,
      captureMode,
      items,
      schedule,
    },
  };
}

/** PUT /purchase/customer-tokens/{token}: `{"AuthorizationFailure": {"Reason": "…"} | null}`; undefined when the key is absent. */
export function bindAuthorizationFailure(body: unknown): Bound<FailureReason | null | undefined> {
  if (!isObject(body)) return { ok: true, value: undefined };
  const failure = field(body, 'authorizationFailure');
  if (failure === undefined) return { ok: true, value: undefined };
  if (failure === null) return { ok: true, value: null };
  const reason = isObject(failure) ? field(failure, 'reason') : undefined;
  if (reason === null || reason === undefined) return { ok: true, value: null };
  const value = asText(reason)?.trim().toUpperCase() ?? '';
  if (isFailureReason(value)) return { ok: true, value };
  return {
    ok: false,
    problems: [{ reason: 'Validation_Error', message: `AuthorizationFailure.Reason: '${String(reason)}' is not one of ${FAILURE_REASONS.join(', ')} (null removes the error).` }],
  };
}

function text(value: unknown): string | null {
  return asText(value)?.trim() || null;
}

function bindCaptureMode(value: unknown, invalid: (message: string) => void): CaptureMode | null {
  const mode = asText(value)?.trim().toLowerCase();
  if (mode === 'auto') return 'Auto';
  if (mode === 'manual') return 'Manual';
  invalid(`order.captureMode: The CaptureMode field is required: "Auto" (captured at once) or "Manual" (capture later on /manage/orders).`);
  return null;
}

function bindItems(value: unknown, invalid: (message: string) => void): OrderItem[] | null {
  if (!Array.isArray(value) || value.length === 0) {
    invalid('order.items: The Items field is required: at least one {id, description, unitPrice, quantity, vat}.');
    return null;
  }
  const items: OrderItem[] = [];
  value.forEach((raw: unknown, i) => {
    const at = `order.items[${i}]`;
    if (!isObject(raw)) return invalid(`${at} must be an object {id, description, unitPrice, quantity, vat}.`);
    const item = bindItem(raw, at, invalid);
    if (item) items.push(item);
  });
  return items.length === value.length ? items : null;
}

function bindItem(raw: JsonObject, at: string, invalid: (message: string) => void): OrderItem | null {
  const id = text(field(raw, 'id'));
  const description = text(field(raw, 'description'));
  const unitPrice = asMinor(field(raw, 'unitPrice'));
  const quantity = asInteger(field(raw, 'quantity'));
  const vat = asNumber(field(raw, 'vat'));
  if (!id) invalid(`${at}.id is required (max 50 characters).`);
  if (!description) invalid(`${at}.description is required.`);
  if (unitPrice === null) invalid(`${at}.unitPrice must be an amount incl. VAT such as 10 or "10.00".`);
  if (quantity === null || quantity <= 0) invalid(`${at}.quantity must be a whole number above 0, e.g. 1 or "1".`);
  if (vat === null) invalid(`${at}.vat must be a percentage such as 25 or "25".`);
  if (!id || !description || unitPrice === null || quantity === null || quantity <= 0 || vat === null) return null;
  return { id: id.slice(0, 50), description, unitPrice, quantity, vat };
}

function bindSchedule(value: unknown, invalid: (message: string) => void): AttemptSchedule | null {
  if (value === undefined || value === null) return { kind: 'asap' };
  if (!isObject(value)) {
    invalid('attemptSchedule must be an object with one of relative, absolute or preferSynchronous.');
    return null;
  }
  const relative = field(value, 'relative');
  const absolute = field(value, 'absolute');
  const synchronous = field(value, 'preferSynchronous');
  const set = [relative, absolute, synchronous].filter((v) => v !== undefined && v !== null);
  if (set.length > 1) {
    invalid('attemptSchedule: only one of relative, absolute or preferSynchronous may be set.');
    return null;
  }
  if (Array.isArray(relative)) {
    const bound = listOf(relative, 'relative', invalid, (v) => parseTimeSpanMs(v), 'a TimeSpan such as "00:00:10" or "1.00:00:10"', (offsetsMs) => ({ kind: 'relative', offsetsMs }));
    // Instants must stay within the calendar the sandbox can write (and a subscription's lifetime).
    if (bound?.kind === 'relative' && bound.offsetsMs.reduce((sum, ms) => sum + ms, 0) > MAX_SCHEDULE_MS) {
      invalid('attemptSchedule.relative: the attempts add up to more than 100 years; schedule them closer together.');
      return null;
    }
    return bound;
  }
  if (Array.isArray(absolute)) return listOf(absolute, 'absolute', invalid, absoluteMs, 'an instant such as "2026-12-24T14:00:00Z"', (instantsMs) => ({ kind: 'absolute', instantsMs }));
  if (synchronous !== undefined && synchronous !== null) return synchronous === true || synchronous === 'true' ? { kind: 'synchronous' } : { kind: 'asap' };
  if (set.length === 1) invalid('attemptSchedule.relative and .absolute must be arrays.');
  return set.length === 1 ? null : { kind: 'asap' };
}

function listOf(
  values: unknown[],
  name: string,
  invalid: (message: string) => void,
  parse: (value: string) => number | null,
  expected: string,
  make: (ms: number[]) => AttemptSchedule,
): AttemptSchedule | null {
  if (values.length === 0) {
    invalid(`attemptSchedule.${name} must list at least one attempt.`);
    return null;
  }
  const parsed = values.map((v) => (typeof v === 'string' ? parse(v) : null));
  parsed.forEach((ms, i) => {
    if (ms === null) invalid(`attemptSchedule.${name}[${i}]: ${JSON.stringify(values[i])} is not ${expected}.`);
  });
  return parsed.every((ms): ms is number => ms !== null) ? make(parsed) : null;
}

/** The docs write absolute instants without an offset ("2023-12-24T14:00:00"): read those as UTC. */
function absoluteMs(value: string): number | null {
  const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) ? value.trim() : `${value.trim()}Z`;
  return parseInstant(withZone)?.getTime() ?? null;
}
