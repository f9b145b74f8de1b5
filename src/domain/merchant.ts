/**
 * A merchant as a scenario file and POST /__admin/{env}/merchants give it, described once: the
 * state keeps what it gives (Merchant), and the admin call takes it as its body. Here, below the
 * store, because the state's records are typed by it.
 */
import { z } from 'zod';
import type { Store } from './model.js';
import { MAX_ID_LENGTH, callbackUrl, clientSecret, id, key, name, scenarioInstant, tokenLifetime } from './scenario-fields.js';
import { storeSchema } from './scenario-stores.js';

const apiClientSchema = z.object({
  clientId: z.guid({ message: 'expected a GUID, as the portal issues client ids' }),
  clientSecret,
  name: name.optional(),
  secretExpiresAt: scenarioInstant.optional(),
  tokenLifetimeSeconds: tokenLifetime.optional(),
});

/**
 * A merchant as a scenario file and POST /__admin/{env}/merchants both give it: its stores and
 * credentials (SharedKey and API clients) and where its callbacks go. docs/scenarios.md shows
 * the two side by side.
 */
export const merchantFields = z.object({
  id: id,
  name,
  stores: z.array(storeSchema).min(1),
  sharedKey: z.object({ username: z.string().min(1).max(MAX_ID_LENGTH), key }),
  /** Where webhooks are POSTed (also PUT /__admin/{env}/merchants/{id}/callbacks). */
  webhookUri: callbackUrl.nullable().default(null),
  /** The webhook signing key (Walley-Signature signs every webhook); left out or null, one is made at seeding. */
  webhookHmacKey: key.nullable().default(null),
  /** Where the legacy invoice-status GET of on-hold purchases goes. */
  invoiceStatusUri: callbackUrl.nullable().default(null),
  /**
   * Order reads lag the merchant's order actions by this much sandbox time, as the service's
   * eventual consistency (src/domain/order-read-lag.ts); null: every read sees every action at once.
   */
  orderReadLagSeconds: z.number().int().min(1).max(3600).nullable().default(null),
  apiClients: z.array(apiClientSchema).default([]),
});

/** A shop's own merchant added at run time: the scenario's fields, without seeded checkouts and orders. */
export const merchantEntrySchema = merchantFields.strict();
export type MerchantEntry = z.output<typeof merchantEntrySchema>;

/**
 * The fields a state file written before them lacks: where callbacks go (absent or null: none is
 * called) and the signing key (absent or null: webhooks go unsigned).
 */
export type CallbackField = 'webhookUri' | 'webhookHmacKey' | 'invoiceStatusUri';

/** The fields a state file written before them lacks: the above, and the read lag (absent or null: none). */
type LaterField = CallbackField | 'orderReadLagSeconds';

/**
 * A merchant as the state keeps it: its entry's fields, its stores with their ids filled in
 * (storeFromScenario), and its API clients kept apart (ApiClient).
 */
export type Merchant = Omit<MerchantEntry, 'stores' | 'apiClients' | LaterField> &
  Partial<Pick<MerchantEntry, LaterField>> & { stores: Store[] };

/** The entry's fields the state keeps on the merchant, in their order. */
export const MERCHANT_FIELDS = merchantFields
  .keyof()
  .options.filter((field): field is Exclude<typeof field, 'apiClients'> => field !== 'apiClients');
