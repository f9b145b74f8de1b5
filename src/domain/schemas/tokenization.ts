/**
 * Request bodies of recurring payments (service-facts §5.10), as the OpenAPI document shows
 * them. Keys bind case-insensitively and numbers may be strings, as everywhere.
 */
import { z } from 'zod';

const amount = z.union([z.number(), z.string()]);

export const authorizationItemSchema = z.looseObject({
  id: z.string(),
  description: z.string(),
  unitPrice: amount,
  quantity: z.union([z.number().int(), z.string()]),
  vat: amount,
});

export const authorizationSchema = z
  .looseObject({
    customerToken: z.string(),
    storeId: z.union([z.string(), z.number()]).optional(),
    order: z.looseObject({
      reference: z.union([z.string(), z.number()]).nullable().optional(),
      items: z.array(authorizationItemSchema),
      currency: z.string(),
      actionReference: z.string().nullable().optional(),
      captureMode: z.enum(['Auto', 'Manual']).optional(),
    }),
    attemptSchedule: z
      .looseObject({
        relative: z.array(z.string()).optional().meta({ description: '.NET TimeSpans, each from the previous attempt, e.g. "00:00:10" or "1.00:00:00".' }),
        absolute: z.array(z.string()).optional().meta({ description: 'Instants (ISO-8601).' }),
        preferSynchronous: z.boolean().optional(),
      })
      .optional(),
    preIdentified: z.unknown().optional(),
  })
  .meta({ description: 'Charge a customer token: 200 with the order when done at once, 202 when scheduled. Header Walley-Idempotency-Key optional.' });

export const authorizationFailureSchema = z
  .looseObject({ AuthorizationFailure: z.looseObject({ Reason: z.string() }).nullable().optional() })
  .meta({ description: 'UAT only: later authorizations of this token fail with Reason (null clears it).' });
