/**
 * The answers of what the dashboard lists (src/admin/lists.ts): every checkout and order of
 * an environment, every call to a merchant, and the retired host's schedule.
 */
import { z } from 'zod';
import { CHECKOUT_STATUSES, ORDER_STATUSES, PURCHASE_RESULTS } from '../../domain/model.js';
import type { RetirementSettings } from '../../domain/settings.js';
import type { EnvName } from '../../hosts.js';
import { storedPublicTokenSchema } from '../../routes/answers/checkout.js';
import { callbackRecordSchema } from './callbacks.js';
import { envSchema, everyOf, guidSchema, instantSchema } from './common.js';

const AFTER_SHUTDOWN = everyOf<RetirementSettings['afterShutdown']>()(['refuse', 'gone']);
const currency = z.string().regex(/^[A-Z]{3}$/);

const checkoutRowSchema = z.strictObject({
  privateId: guidSchema,
  publicToken: storedPublicTokenSchema,
  merchantId: z.string().min(1),
  storeId: z.string().min(1),
  status: z.enum(CHECKOUT_STATUSES),
  expired: z.boolean().meta({ description: 'True once expiresAt has passed on the sandbox clock.' }),
  reference: z.string().nullable(),
  currency: currency,
  amountToPay: z.number().meta({ description: "In major units: the purchase's amount once completed, else cart + fees." }),
  purchaseResult: z.enum(PURCHASE_RESULTS).nullable(),
  orderId: guidSchema.nullable(),
  createdAt: instantSchema,
  expiresAt: instantSchema,
  hostedPage: z.url().meta({ description: 'The hosted checkout page of its public token (the frontend surface).' }),
});

/** 200 of GET /__admin/{env}/checkouts. */
export const checkoutListSchema = z
  .strictObject({ env: envSchema, checkouts: z.array(checkoutRowSchema) })
  .meta({ description: 'Every checkout of the environment.' });

const orderRowSchema = z.strictObject({
  orderId: guidSchema,
  merchantId: z.string().min(1),
  storeId: z.string().min(1),
  status: z.enum(ORDER_STATUSES).meta({ description: 'As stored: expiry is applied when /manage/orders reads the order.' }),
  reference: z.string().nullable(),
  paymentMethod: z.string().min(1),
  currency: currency,
  totalAmount: z.number().meta({ description: 'In major units.' }),
  placedAt: instantSchema,
  expiresAt: instantSchema,
  checkoutPrivateId: guidSchema.nullable().meta({ description: 'The checkout it came from; null for a seeded order or an authorization.' }),
});

/** 200 of GET /__admin/{env}/orders. */
export const orderListSchema = z
  .strictObject({ env: envSchema, orders: z.array(orderRowSchema) })
  .meta({ description: 'Every order of the environment.' });

/** 200 of GET /__admin/{env}/callbacks. */
export const callbackListSchema = z
  .strictObject({ env: envSchema, callbacks: z.array(callbackRecordSchema) })
  .meta({ description: 'Every validation, notification, webhook and invoice-status call, oldest first.' });

const retirementStateSchema = z
  .union([
    z.strictObject({ open: z.literal(true) }),
    z.strictObject({ open: z.literal(false), cause: z.literal('shutdown'), since: instantSchema }),
    z.strictObject({ open: z.literal(false), cause: z.literal('brownout'), since: instantSchema, until: instantSchema }),
  ])
  .meta({ description: 'Whether the retired host answers now; when not, since when and why (and until when, in a brownout).' });

/** 200 of GET /__admin/retirement. */
export const retirementSchema = z
  .strictObject({
    shutdownAt: instantSchema,
    afterShutdown: z.enum(AFTER_SHUTDOWN).meta({ description: 'refuse: the connection is closed; gone: 410 Host_Retired.' }),
    brownouts: z
      .array(z.strictObject({ start: instantSchema, end: instantSchema }))
      .meta({ description: 'Windows before the shutdown when the host does not answer.' }),
    now: instantSchema,
    state: retirementStateSchema,
    hosts: z
      .strictObject({ uat: z.string().min(1), prod: z.string().min(1) } satisfies Record<EnvName, z.ZodType>)
      .meta({ description: "The retired host's real name per environment." }),
  })
  .meta({ description: "The retired host's schedule and whether it answers now." });
