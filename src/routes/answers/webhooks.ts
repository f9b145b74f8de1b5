/**
 * The webhooks the sandbox POSTs to a merchant (src/domain/webhook-events.ts), as zod schemas of
 * what is sent: the body `{Type, Timestamp, Payload}` with each event's payload as its page
 * shows it, and the request's own headers. The control plane's webhook list shows them; a
 * merchant's receiver in the tests checks every request it gets against them.
 */
import { z } from 'zod';
import { CUSTOMER_TOKEN_STATUSES, FAILURE_REASONS } from '../../domain/tokenization.js';
import { ORDER_WEBHOOK_STATUSES, type WebhookPayload, inSwedishTime, webhookTypesOf } from '../../domain/webhook-events.js';
import { WEBHOOK_USER_AGENT } from '../../domain/webhook-signature.js';
import { serviceInstantSchema } from './checkout.js';

const id = z.guid();
const reference = z.string().nullable().meta({ description: "The merchant's reference; null when none was given." });
const amount = z.number().meta({ description: 'In major units, a JSON number.' });
const currency = z.string().regex(/^[A-Z]{3}$/);

const authorizationPayload = z.strictObject({
  CustomerToken: id,
  AuthorizationId: id,
  Reference: reference,
  ActionReference: z.string().nullable(),
  CreatedOn: serviceInstantSchema,
  CurrentAttempt: z.number().int().min(0).optional().meta({ description: 'retrying and failed: the attempts made.' }),
  MaxAttempt: z.number().int().min(0).optional().meta({ description: 'retrying and failed: the attempts planned.' }),
  Reason: z.enum(FAILURE_REASONS).nullable().optional().meta({ description: 'retrying and failed: why the last attempt failed.' }),
});

const orderCreatedPayload = z.strictObject({
  OrderId: id,
  Reference: reference,
  Amount: amount,
  Currency: currency,
  Status: z.enum(ORDER_WEBHOOK_STATUSES),
  AuthorizationId: id.optional().meta({ description: 'Only for an order a tokenized authorization created.' }),
  CustomerToken: id.optional().meta({ description: 'Only for an order a tokenized authorization created.' }),
});

const orderReviewedPayload = z.strictObject({ OrderId: id, Reference: reference, Amount: amount, Currency: currency });

const orderReauthorizedPayload = z.strictObject({
  OrderId: id,
  Amount: amount,
  OriginalAmount: amount.meta({ description: "The order's amount before the change." }),
  Currency: currency,
});

const orderCapturedPayload = z.strictObject({
  OrderId: id,
  Amount: amount.meta({ description: 'What this capture took, in major units.' }),
  Currency: currency,
});

const customerTokenPayload = z.strictObject({
  CustomerToken: id,
  PreviousStatus: z
    .enum(CUSTOMER_TOKEN_STATUSES)
    .nullable()
    .meta({ description: 'The status before the change; null when the token was just issued.' }),
});

/** An order event's Timestamp: the service's form in Swedish local time, +01:00 (CET) or +02:00 (CEST). */
const stockholmInstant = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}\+0[12]:00$/)
  .meta({ format: 'date-time', description: 'Swedish local time with 7 fractional digits, e.g. 2024-01-30T11:02:42.5997621+01:00.' });

/** Each payload of the table of webhook types (src/domain/webhook-events.ts), as its page shows it. */
const PAYLOADS = {
  authorization: authorizationPayload,
  orderCreated: orderCreatedPayload,
  orderReviewed: orderReviewedPayload,
  orderReauthorized: orderReauthorizedPayload,
  orderCaptured: orderCapturedPayload,
  customerToken: customerTokenPayload,
} as const satisfies Record<WebhookPayload, z.ZodType>;

/** One body per payload: the types that carry it, the .NET instant it occurred (an order event's in Swedish local time), the payload. */
function body(payload: WebhookPayload) {
  const types = webhookTypesOf(payload);
  return z.strictObject({
    Type: z.enum(types),
    Timestamp: types.every(inSwedishTime) ? stockholmInstant : serviceInstantSchema,
    Payload: PAYLOADS[payload],
  });
}

export const webhookBodySchema = z
  .union((Object.keys(PAYLOADS) as [WebhookPayload, ...WebhookPayload[]]).map(body))
  .meta({ description: 'The webhook as POSTed to the merchant (PascalCase, as the service sends it).' });

/** The request's own headers, named as the overview page writes them. */
export const webhookHeadersSchema = z
  .strictObject({
    'User-Agent': z.literal(WEBHOOK_USER_AGENT),
    'Walley-CorrelationId': id.meta({ description: 'The same for every event one action triggered, and on every retry.' }),
    'Walley-Timestamp': z.string().regex(/^\d+$/).meta({ description: 'UNIX seconds of the event (its Timestamp).' }),
    'Walley-Live': z.enum(['True', 'False']).meta({ description: 'True in PROD, False in UAT.' }),
    'Walley-Signature': z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .meta({
        description:
          'Lowercase hex HMAC-SHA256 of Walley-Timestamp + "." + the raw body, keyed by the merchant\'s webhook HMAC key; absent without a key.',
      }),
  })
  .meta({ description: "A webhook request's own headers (besides Content-Type)." });
