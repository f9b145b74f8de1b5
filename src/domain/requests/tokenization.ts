/**
 * Request bodies of recurring payments (docs/real-service.md, "Tokenization endpoints") as clients send them: the docs send
 * numbers as strings ("unitPrice": "10", "quantity": "1"), WooCommerce PascalCase item keys
 * ("Order item shapes"); keys in any case, unknown keys ignored. Every problem is reported (Validation_Error).
 */
import { z } from 'zod';
import { parseInstant } from '../../clock.js';
import type { OrderItem } from '../model.js';
import {
  type AttemptSchedule,
  type AuthorizationRequest,
  type CaptureMode,
  FAILURE_REASONS,
  type FailureReason,
  isFailureReason,
  parseTimeSpanMs,
} from '../tokenization.js';
import { amount, caseless, lenient, list, number, text, wholeNumber, WIRE } from './fields.js';
import { complain, labelled, phrase, whole } from './problems.js';
import { asText, field, isObject, type JsonObject, spelled } from './readers.js';

const MAX_SCHEDULE_MS = 100 * 365 * 24 * 3600 * 1000;

const EXAMPLE =
  '{"customerToken": "<data.order.customerToken>", "order": {"reference": "SUB-1", "currency": "SEK", "captureMode": "Auto", ' +
  '"items": [{"id": "SUB", "description": "Monthly box", "unitPrice": "199.00", "quantity": "1", "vat": "25"}]}}';

const authorizationItemSchema = caseless(
  {
    id: text({ required: phrase('is required (max 50 characters).'), cut: 50 }),
    description: text({ required: phrase('is required.') }),
    unitPrice: amount({ invalid: () => phrase('must be an amount incl. VAT such as 10 or "10.00".') }),
    quantity: wholeNumber({ invalid: () => phrase('must be a whole number above 0, e.g. 1 or "1".') }),
    vat: number({
      required: phrase('must be a percentage such as 25 or "25".'),
      invalid: () => phrase('must be a percentage such as 25 or "25".'),
    }),
  },
  () => phrase('must be an object {id, description, unitPrice, quantity, vat}.'),
).transform((item): OrderItem => ({
  id: item.id,
  description: item.description,
  unitPrice: item.unitPrice,
  quantity: item.quantity,
  vat: item.vat,
}));

const captureMode = lenient(z.enum(['Auto', 'Manual']), (raw, ctx): CaptureMode => {
  const mode = asText(raw)?.trim().toLowerCase();
  if (mode === 'auto') return 'Auto';
  if (mode === 'manual') return 'Manual';
  return complain(
    ctx,
    labelled('The CaptureMode field is required: "Auto" (captured at once) or "Manual" (capture later on /manage/orders).'),
  );
}).meta({ description: '"Auto" (captured at once) or "Manual" (capture later on /manage/orders); any letter case.' });

const orderSchema = caseless(
  {
    currency: text({ required: labelled('The Currency field is required, e.g. "SEK" (the store\'s currency).') }),
    captureMode,
    items: list(
      authorizationItemSchema,
      labelled('The Items field is required: at least one {id, description, unitPrice, quantity, vat}.'),
    ),
    reference: text(),
    actionReference: text(),
  },
  () => labelled(`The Order field is required: ${EXAMPLE}.`),
);

/** The docs write absolute instants without an offset ("2023-12-24T14:00:00"): read those as UTC. */
function absoluteMs(value: string): number | null {
  const withZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value.trim()) ? value.trim() : `${value.trim()}Z`;
  return parseInstant(withZone)?.getTime() ?? null;
}

/** Every attempt of a relative or absolute schedule, or null after complaining about the bad ones. */
function attempts(
  values: unknown[],
  name: string,
  ctx: z.core.$RefinementCtx,
  parse: (value: string) => number | null,
  expected: string,
): number[] | null {
  if (values.length === 0) {
    complain(ctx, phrase('must list at least one attempt.', [name]));
    return null;
  }
  const parsed = values.map((v) => (typeof v === 'string' ? parse(v) : null));
  parsed.forEach((ms, i) => {
    if (ms === null) complain(ctx, labelled(`${JSON.stringify(values[i])} is not ${expected}.`, [name, i]));
  });
  return parsed.every((ms): ms is number => ms !== null) ? parsed : null;
}

/** When the attempts are made: one of relative, absolute or preferSynchronous; left out, at once. */
const attemptSchedule = lenient(
  z
    .looseObject({
      relative: z
        .array(z.string())
        .optional()
        .meta({ description: '.NET TimeSpans, each from the previous attempt, e.g. "00:00:10" or "1.00:00:00".' }),
      absolute: z.array(z.string()).optional().meta({ description: 'Instants (ISO-8601).' }),
      preferSynchronous: z.boolean().optional(),
    })
    .meta({ description: 'One of relative, absolute or preferSynchronous.' }),
  (raw, ctx): AttemptSchedule => {
    if (raw === undefined || raw === null) return { kind: 'asap' };
    if (!isObject(raw)) return complain(ctx, phrase('must be an object with one of relative, absolute or preferSynchronous.'));
    const relative = field(raw, 'relative');
    const absolute = field(raw, 'absolute');
    const synchronous = field(raw, 'preferSynchronous');
    const set = [relative, absolute, synchronous].filter((v) => v !== undefined && v !== null);
    if (set.length > 1) return complain(ctx, labelled('only one of relative, absolute or preferSynchronous may be set.'));
    if (Array.isArray(relative)) {
      const offsetsMs = attempts(relative, 'relative', ctx, parseTimeSpanMs, 'a TimeSpan such as "00:00:10" or "1.00:00:10"');
      if (offsetsMs === null) return z.NEVER;
      // Instants must stay within the calendar the sandbox can write (and a subscription's lifetime).
      if (offsetsMs.reduce((sum, ms) => sum + ms, 0) > MAX_SCHEDULE_MS) {
        return complain(ctx, labelled('the attempts add up to more than 100 years; schedule them closer together.', ['relative']));
      }
      return { kind: 'relative', offsetsMs };
    }
    if (Array.isArray(absolute)) {
      const instantsMs = attempts(absolute, 'absolute', ctx, absoluteMs, 'an instant such as "2026-12-24T14:00:00Z"');
      return instantsMs === null ? z.NEVER : { kind: 'absolute', instantsMs };
    }
    if (synchronous !== undefined && synchronous !== null)
      return synchronous === true || synchronous === 'true' ? { kind: 'synchronous' } : { kind: 'asap' };
    return set.length === 1 ? complain(ctx, phrase('and .absolute must be arrays.', ['relative'])) : { kind: 'asap' };
  },
  'optional',
);

/** The problems of a body without an order are its own and the order's: the schedule is not read then. */
function readable(body: JsonObject): JsonObject {
  // The exact spelling is read first: undefined there hides any other.
  return isObject(field(body, 'order')) ? body : { ...body, attemptSchedule: undefined };
}

/** Whether the order's items were read without a problem (the body and the order are objects, each item is right). */
function itemsRead(payload: z.core.ParsePayload): boolean {
  return !payload.issues.some(({ path = [] }) => path.length === 0 || (path[0] === 'order' && (path.length === 1 || path[1] === 'items')));
}

const authorizationFields = z.preprocess(
  (raw) => (isObject(raw) ? readable(raw) : raw),
  caseless(
    {
      customerToken: text({
        required: labelled('The CustomerToken field is required: data.order.customerToken of the purchase on a recurring profile.'),
      }),
      storeId: text(),
      order: orderSchema,
      attemptSchedule,
      // Sent by some clients; the sandbox does not read it.
      preIdentified: lenient(WIRE.anything, () => undefined, 'optional'),
    },
    () => whole(`The request body must be a JSON object such as ${EXAMPLE}.`),
  ).superRefine(
    (body, ctx) => {
      const total = body.order.items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
      if (total <= 0)
        complain(ctx, labelled('the order total must be above 0; an authorization charges the customer.', ['order', 'items']));
    },
    // An authorization charges the customer: the total is checked once the items are read, whatever else is wrong.
    { when: itemsRead },
  ),
);

/** POST /purchase/authorizations: charge a customer token. */
export const authorizationRequestSchema = authorizationFields
  .transform((body): AuthorizationRequest => ({
    customerToken: body.customerToken,
    storeId: body.storeId,
    reference: body.order.reference,
    actionReference: body.order.actionReference,
    currency: body.order.currency.toUpperCase(),
    captureMode: body.order.captureMode,
    items: body.order.items,
    schedule: body.attemptSchedule,
  }))
  .meta({
    description:
      'Charge a customer token: 200 with the order when done at once, 202 when scheduled. Header Walley-Idempotency-Key optional.',
  });

/** `{"AuthorizationFailure": {"Reason": "…"} | null}`: the reason, null (no failure), or undefined when the key is absent. */
const failure = caseless({
  Reason: lenient(
    z.enum(FAILURE_REASONS),
    (raw, ctx): FailureReason | null => {
      if (raw === undefined || raw === null) return null;
      const reason = asText(raw)?.trim().toUpperCase() ?? '';
      return isFailureReason(reason)
        ? reason
        : complain(ctx, labelled(`'${spelled(raw)}' is not one of ${FAILURE_REASONS.join(', ')} (null removes the error).`));
    },
    'optional',
  ),
}).transform((given) => given.Reason);

/** PUT /purchase/customer-tokens/{token} (UAT test hook): a body that is not an object changes nothing. */
export const authorizationFailureSchema = caseless({ AuthorizationFailure: failure.optional() })
  .transform((body): FailureReason | null | undefined => body.AuthorizationFailure)
  .meta({ description: 'UAT only: later authorizations of this token fail with Reason (null clears it).' });
