/**
 * A merchant, its stores and its API clients, each described once: as a scenario file and
 * POST /__admin/{env}/merchants give a merchant (the admin call takes it as its body), and as
 * the state keeps each record (Merchant, Store, ApiClient). A state file is read with the same
 * record schemas, so a field it was written without gets the default given here, once; the
 * admin answers are projections of them. Here, below the store, because the state's records
 * are typed by them.
 */
import { z } from 'zod';
import { SALES_SEGMENTS } from './model.js';
import {
  MAX_ID_LENGTH,
  callbackUrl,
  clientSecret,
  id,
  key,
  name,
  scenarioInstant,
  storedInstant,
  tokenLifetime,
} from './scenario-fields.js';
import { type ScenarioStore, slug, storeSchema } from './scenario-stores.js';

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
  webhookUri: callbackUrl
    .nullable()
    .meta({ description: "Where this merchant's webhooks are POSTed (also PUT …/merchants/{id}/callbacks); null: none." })
    .default(null),
  /** Left out or null in a scenario, one is made at seeding; null in state only for a file older than the key (webhooks go unsigned). */
  webhookHmacKey: key
    .nullable()
    .meta({
      description:
        'The key every webhook is signed with (Walley-Signature; also PUT …/merchants/{id}/callbacks); null only in a state file older than the key.',
    })
    .default(null),
  invoiceStatusUri: callbackUrl
    .nullable()
    .meta({ description: "Where this merchant's legacy invoice-status GETs of on-hold purchases go; null: none." })
    .default(null),
  /** The service's eventual consistency (src/domain/order-read-lag.ts). */
  orderReadLagSeconds: z
    .number()
    .int()
    .min(1)
    .max(3600)
    .nullable()
    .meta({
      description:
        "How long the merchant's order reads lag its order actions on the sandbox clock (also PUT …/merchants/{id}/order-read-lag); null: every read sees every action at once.",
    })
    .default(null),
  apiClients: z.array(apiClientSchema).default([]),
});

/** A shop's own merchant added at run time: the scenario's fields, without seeded checkouts and orders. */
export const merchantEntrySchema = merchantFields.strict();
export type MerchantEntry = z.output<typeof merchantEntrySchema>;

/** A delivery module's bookable option of one carrier (service point, home delivery, …). */
export const deliveryOptionRecord = z.object({
  id: z.string(),
  name: z.string(),
  /** Minor units, VAT included. */
  fee: z.number().int(),
  vat: z.number(),
  /** As the module shows it, e.g. "1-2 days"; null when it names none. */
  deliveryTime: z.string().nullable(),
});
export const carrierRecord = z.object({ id: z.string(), name: z.string(), options: z.array(deliveryOptionRecord) });
/** A delivery module in the checkout (nShift, Ingrid, Walley's own): the customer picks carrier and option. */
export const deliveryModuleRecord = z.object({ provider: z.string(), carriers: z.array(carrierRecord) });
/** Its delivery module null: a profile without one (the shop sends its own fees.shipping). */
export const checkoutProfileRecord = z.object({ name: z.string().min(1), deliveryModule: deliveryModuleRecord.nullable() });

/** A store as the state keeps it: ids filled in from names, fees in minor units (storeFromScenario). */
export const storeRecord = z.object({
  id: z.string().min(1).meta({ description: 'The storeId of checkouts and old-style paths.' }),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Shops configure one store id per segment. */
  salesSegment: z
    .enum(SALES_SEGMENTS)
    .meta({ description: 'B2C: the store sells to private persons; B2B: checkouts on this store are for companies.' })
    .default('B2C'),
  /** The checkout profiles Walley set up for the store (`profileName` on initialize); absent: the sandbox knows none, and any profileName is accepted. */
  profiles: z.array(checkoutProfileRecord).optional(),
});

/**
 * A merchant as the state keeps it: its entry's fields, with the default a state file written
 * before a field gets, its stores with their ids filled in, and its API clients kept apart.
 */
export const merchantRecord = merchantFields
  .omit({ apiClients: true })
  .extend({ id: z.string().min(1).max(MAX_ID_LENGTH), stores: z.array(storeRecord).min(1) });

/** Where the merchant's callbacks go, and the key its webhooks are signed with: PUT …/merchants/{id}/callbacks sets them. */
export const merchantCallbacksRecord = merchantRecord.pick({ webhookUri: true, webhookHmacKey: true, invoiceStatusUri: true });
export type MerchantCallbacks = z.output<typeof merchantCallbacksRecord>;

export const apiClientSecretRecord = z.object({
  secretId: z.string(),
  /** scrypt-free salted SHA-256: secrets are random and high-entropy, and a sandbox must stay fast. */
  hash: z.string(),
  salt: z.string(),
  /** As the portal shows them to tell secrets apart. */
  hint: z.string().meta({ description: 'The first 3 characters of the secret.' }),
  createdAt: storedInstant,
  expiresAt: storedInstant.nullable().meta({ description: 'null: it does not expire.' }),
});

/** An API client as the state keeps it; its secrets hashed. */
export const apiClientRecord = z.object({
  clientId: z.string().min(1),
  merchantId: z.string().min(1),
  /** Service principal object id: the token's `oid`/`sub`, stable per client. */
  objectId: z.string(),
  name: z.string(),
  secrets: z.array(apiClientSecretRecord),
  /** null: tokens last as the token settings say. */
  tokenLifetimeSeconds: tokenLifetime.nullable().default(null),
  createdAt: storedInstant,
  revokedAt: storedInstant.nullable(),
});

export type Merchant = z.output<typeof merchantRecord>;
export type Store = z.output<typeof storeRecord>;
export type CheckoutProfile = z.output<typeof checkoutProfileRecord>;
export type DeliveryModule = z.output<typeof deliveryModuleRecord>;
export type Carrier = z.output<typeof carrierRecord>;
export type DeliveryOption = z.output<typeof deliveryOptionRecord>;
export type ApiClient = z.output<typeof apiClientRecord>;
export type ApiClientSecret = z.output<typeof apiClientSecretRecord>;

/** The fields of `record` that `keys` name: a view of a stored record shows its kind's fields, never what else a later version's file kept on it. */
export function fieldsOf<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Pick<T, K>;
}

export const CALLBACK_FIELDS = merchantCallbacksRecord.keyof().options;

/** The fields the state keeps on a merchant and a store, in their order. */
export const MERCHANT_FIELDS = merchantRecord.keyof().options;
export const STORE_FIELDS = storeRecord.keyof().options;

/** The store as the state keeps it: ids filled in from names, fees in minor units. */
export function storeFromScenario(store: ScenarioStore): Store {
  const seeded: Store = { id: store.id, countryCode: store.countryCode, currency: store.currency, salesSegment: store.salesSegment };
  if (store.profiles) {
    seeded.profiles = store.profiles.map((profile) => ({
      name: profile.name,
      deliveryModule: profile.deliveryModule
        ? {
            provider: profile.deliveryModule.provider,
            carriers: profile.deliveryModule.carriers.map((carrier) => ({
              id: carrier.id ?? slug(carrier.name),
              name: carrier.name,
              options: carrier.options.map((option) => ({
                id: option.id ?? slug(option.name),
                name: option.name,
                fee: option.fee,
                vat: option.vat,
                deliveryTime: option.deliveryTime,
              })),
            })),
          }
        : null,
    }));
  }
  return seeded;
}
