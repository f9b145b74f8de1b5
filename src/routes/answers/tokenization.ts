/**
 * Recurring payments' answers (src/routes/tokenization.ts), as zod schemas of what is sent
 * (docs/real-service.md, "Tokenization endpoints"): `{id, data}` on success, `{id}` when only accepted, and `{id, error}`
 * (no data key) on refusals (src/http/envelopes.ts).
 */
import { z } from 'zod';
import { CUSTOMER_TOKEN_STATUSES } from '../../domain/tokenization.js';
import { generated, tokenizationAcknowledgedSchema, tokenizationSuccess } from '../../http/envelopes.js';

const authorizationId = generated(z.uuid(), 'The authorization; webhooks name it.');

const authorizationCompletedSchema = z
  .strictObject({
    authorizationId: authorizationId,
    orderId: generated(z.uuid(), 'The order the charge created, for /manage/orders.'),
  })
  .meta({ description: 'Authorized at once (200): the order exists.' });

const authorizationScheduledSchema = z
  .strictObject({ authorizationId: authorizationId })
  .meta({ description: 'Accepted (202): attempted on its schedule; the outcome comes as a webhook.' });

const customerTokenStatusSchema = z
  .strictObject({
    status: z.enum(CUSTOMER_TOKEN_STATUSES),
    cancellationDate: z.iso
      .datetime()
      .optional()
      .meta({ description: 'Only on a cancelled token: when it was cancelled (ISO-8601, UTC).' }),
    paymentMethod: z
      .union([
        z.strictObject({
          type: z.literal('Card'),
          maskedCardNumber: z
            .string()
            .regex(/^\d{6}\*{6}\d{4}$/)
            .meta({ description: 'e.g. 516020******2127' }),
        }),
        z.strictObject({
          type: z.literal('Invoice'),
          invoiceType: z.enum(['Email', 'Peppol', 'Finvoice']),
          invoiceReference: z.string().nullable(),
          invoiceTag: z.string().nullable(),
        }),
      ])
      .meta({ description: "Always: the token's payment method; a card for a private customer, an invoice for a company." }),
  })
  .meta({ description: 'A customer token and its status.' });

/** 200 of POST /purchase/authorizations. */
export const authorizationCompletedAnswer = tokenizationSuccess(authorizationCompletedSchema);
/** 202 of POST /purchase/authorizations. */
export const authorizationScheduledAnswer = tokenizationSuccess(authorizationScheduledSchema);
/** 200 of GET /purchase/customer-tokens/{token}. */
export const customerTokenAnswer = tokenizationSuccess(customerTokenStatusSchema);
/** 202 of DELETE and 200 of PUT /purchase/customer-tokens/{token}: `{id}`. */
export const customerTokenAcknowledgedAnswer = tokenizationAcknowledgedSchema;
