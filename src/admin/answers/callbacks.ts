/**
 * The calls the sandbox makes to a merchant's URLs (src/services/callbacks.ts), as the
 * control plane shows them: validation, notification, webhook and invoice-status calls with
 * every attempt. Shared by a checkout's callbacks, the environment's list and the webhooks.
 */
import { z } from 'zod';
import { WEBHOOK_TYPES } from '../../domain/webhook-events.js';
import { webhookHeadersSchema } from '../../routes/answers/webhooks.js';
import type { CallbackAttempt, CallbackRecord } from '../../domain/records.js';
import { everyOf, guidSchema, instantSchema } from './common.js';

export const CALLBACK_KINDS = everyOf<CallbackRecord['kind']>()(['validation', 'notification', 'webhook', 'invoice-status']);
export const CALLBACK_STATES = everyOf<CallbackRecord['state']>()(['pending', 'delivered', 'failed']);
/** Every webhook type the sandbox sends (src/domain/webhook-events.ts). */
export { WEBHOOK_TYPES } from '../../domain/webhook-events.js';
const METHODS = everyOf<CallbackAttempt['method']>()(['GET', 'POST']);

const kind = z.enum(CALLBACK_KINDS);
const state = z.enum(CALLBACK_STATES).meta({ description: 'pending (an attempt is due), delivered, or failed (no attempt is left).' });
/** The merchant's URL as the sandbox called it (placeholders substituted); not checked as a URL: it is the merchant's. */
const merchantUrl = z.string().meta({ description: "The merchant's URL as called (placeholders such as {checkout.id} substituted)." });

export const callbackAttemptSchema = z.strictObject({
  attempt: z.number().int().positive().meta({ description: '1 for the first attempt.' }),
  dueAt: instantSchema.meta({ description: 'When the attempt was due (sandbox time).' }),
  at: instantSchema.meta({ description: 'When it was made (sandbox time).' }),
  method: z.enum(METHODS),
  url: merchantUrl,
  status: z.number().int().nullable().meta({ description: "The merchant's HTTP status; null when it could not be reached." }),
  error: z.string().nullable().meta({
    description: 'Why the call failed to reach the merchant (or the test persona that declared it failing); null when it answered.',
  }),
});

/** A callback as a checkout's answers show it: kind, URL, state and attempts. */
export const callbackViewSchema = z
  .strictObject({
    kind: kind,
    url: merchantUrl,
    state: state,
    nextAttemptAt: instantSchema.nullable().meta({ description: 'The next retry on the sandbox clock; null when none is due.' }),
    attempts: z.array(callbackAttemptSchema),
  })
  .meta({ description: 'A call to the merchant and its attempts.' });

/** A callback record whole, as GET /__admin/{env}/callbacks lists it. */
export const callbackRecordSchema = z
  .strictObject({
    id: guidSchema,
    kind: kind,
    privateId: z
      .string()
      .nullable()
      .meta({ description: 'The checkout it is about; null for webhooks of authorizations and customer tokens.' }),
    method: z
      .enum(METHODS)
      .optional()
      .meta({ description: 'POST (webhooks, with a body) or GET (invoice-status); absent on validation and notification records.' }),
    body: z.string().optional().meta({ description: "A webhook's JSON body as sent (text)." }),
    headers: webhookHeadersSchema.optional().meta({ description: "A webhook's own headers, the same on every attempt." }),
    type: z.enum(WEBHOOK_TYPES).optional().meta({ description: "A webhook's type." }),
    subject: z
      .string()
      .optional()
      .meta({ description: 'What a webhook is about: the authorization id, the customer token or the order id.' }),
    url: merchantUrl,
    createdAt: instantSchema,
    state: state,
    nextAttemptAt: instantSchema.nullable(),
    attempts: z.array(callbackAttemptSchema),
  })
  .meta({ description: 'A call to the merchant, as recorded.' });
