/**
 * The answers of the world's calls (src/admin/world.ts, sandboxes.ts, clock.ts): health,
 * hosts, scenarios, reset, the merchants of an environment, isolated sandboxes and the clock.
 */
import { type Merchant, merchantFields } from '../../domain/merchant.js';
import { SALES_SEGMENTS } from '../../domain/model.js';
import { z } from 'zod';
import { type EnvName, SURFACES, SURFACE_RECORDS, bySurface } from '../../hosts.js';
import { clockStateSchema, envSchema, guidSchema, instantSchema, realInstantSchema } from './common.js';

const scenarioName = z.string().min(1).meta({ description: 'A shipped scenario name, e.g. default or minimal.' });

/** 200 of GET /__admin/health. */
export const healthSchema = z
  .strictObject({ status: z.literal('ok'), scenario: scenarioName, clock: clockStateSchema })
  .meta({ description: 'The sandbox is ready: the scenario it was seeded from and its clock.' });

const hostSchema = z.strictObject({
  env: envSchema,
  surface: z.enum(SURFACES),
  placeholder: z
    .enum(SURFACES.map((surface) => SURFACE_RECORDS[surface].placeholder))
    .meta({ description: "The API spec's placeholder of the host, e.g. {base_url}." }),
  realHost: z.string().min(1).meta({ description: 'The real host name, e.g. api.uat.walleydev.com.' }),
  aliases: z.array(z.string().min(1)).meta({ description: 'Further real names of the same surface.' }),
  baseUrl: z.url().meta({ description: "The surface's base URL on the main port: /{env}/{surface} prefix." }),
  dedicatedUrl: z.url().nullable().meta({ description: 'Its own port with --port-per-host; else null.' }),
  httpsUrl: z.url().nullable().meta({ description: 'The real host name over HTTPS with --tls; else null.' }),
  hostHeader: z.string().min(1).meta({ description: 'The Host header that addresses the surface on any port.' }),
});

/** 200 of GET /__admin/hosts. */
export const hostListSchema = z
  .strictObject({ hosts: z.array(hostSchema).meta({ description: 'Every (env, surface).' }) })
  .meta({ description: 'Where each emulated host is reachable.' });

/** 200 of GET /__admin/scenarios. */
export const scenariosSchema = z
  .strictObject({
    current: scenarioName.meta({ description: 'The scenario the world was seeded from.' }),
    scenarios: z.array(
      z.strictObject({
        name: scenarioName,
        description: z.string().meta({ description: "The file's description; empty when it has none." }),
        file: z.string().min(1).meta({ description: 'The file name in the scenario directory.' }),
      }),
    ),
  })
  .meta({ description: 'The shipped scenarios (names POST /__admin/reset takes).' });

/** 200 of POST /__admin/reset. */
export const resetSchema = z
  .strictObject({ status: z.literal('reset'), scenario: scenarioName, clock: clockStateSchema })
  .meta({ description: 'Reseeded: the scenario now in use and the clock.' });

const secretHintSchema = z.strictObject({
  secretId: guidSchema,
  hint: z.string().meta({ description: 'The first 3 characters of the secret.' }),
  createdAt: instantSchema,
  expiresAt: instantSchema.nullable().meta({ description: 'null: it does not expire.' }),
});

const deliveryModuleSchema = z
  .strictObject({
    provider: z.string(),
    carriers: z.array(
      z.strictObject({
        id: z.string(),
        name: z.string(),
        options: z.array(
          z.strictObject({
            id: z.string(),
            name: z.string(),
            fee: z.number().meta({ description: 'Major units, VAT included.' }),
            vat: z.number(),
            deliveryTime: z.string().nullable(),
          }),
        ),
      }),
    ),
  })
  .meta({ description: 'A delivery module: the carriers and options the customer picks from.' });

export const merchantSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  stores: z.array(
    z.strictObject({
      id: z.string().min(1).meta({ description: 'The storeId of checkouts and old-style paths.' }),
      countryCode: z.string().regex(/^[A-Z]{2}$/),
      currency: z.string().regex(/^[A-Z]{3}$/),
      salesSegment: z.enum(SALES_SEGMENTS).meta({ description: 'B2B: checkouts on this store are for companies.' }),
      profiles: z
        .array(z.strictObject({ name: z.string().min(1), deliveryModule: deliveryModuleSchema.nullable() }))
        .nullable()
        .meta({ description: 'The checkout profiles (profileName) set up for the store; null: any profileName is accepted.' }),
    }),
  ),
  sharedKey: merchantFields.shape.sharedKey
    .strict()
    .meta({ description: 'The SharedKey credentials of the legacy and retired hosts (shown: this is a sandbox).' }),
  webhookUri: z
    .string()
    .nullable()
    .meta({ description: "Where this merchant's webhooks go (PUT …/merchants/{id}/callbacks); null: none." }),
  webhookSigningKey: z.string().nullable().meta({
    description:
      'The key every webhook is signed with (Walley-Signature; webhookHmacKey in the scenario and PUT …/merchants/{id}/callbacks); null only in a state file older than the key.',
  }),
  invoiceStatusUri: z.string().nullable().meta({ description: "Where this merchant's invoice-status calls go; null: none." }),
  orderReadLagSeconds: z.number().int().nullable().meta({
    description:
      "How long the merchant's order reads lag its order actions on the sandbox clock (PUT …/merchants/{id}/order-read-lag); null: every read sees every action at once.",
  }),
  apiClients: z
    .array(
      z.strictObject({ clientId: guidSchema, name: z.string(), revokedAt: instantSchema.nullable(), secrets: z.array(secretHintSchema) }),
    )
    .meta({ description: 'Its API clients; secrets are kept hashed and never shown.' }),
  // The merchant's fields as the state keeps them, its signing key under the name the admin API has always shown it by.
} satisfies Record<Exclude<keyof Merchant, 'webhookHmacKey'> | 'webhookSigningKey' | 'apiClients', z.ZodType>);

/** 200 of GET /__admin/{env}/merchants. */
export const merchantsSchema = z
  .strictObject({ env: envSchema, merchants: z.array(merchantSchema) })
  .meta({ description: 'The merchants of an environment: stores, SharedKey credentials and API clients.' });

// ---- Isolated sandboxes ----

const surfaceUrls = z.strictObject(bySurface(() => z.url()));

export const isolatedSandboxSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^sb-[0-9a-f]{16}$/)
      .meta({ description: 'sb-<16 hex>: the {id} of /sandboxes/{id}/… and of X-Sandbox-Id.' }),
    scenario: scenarioName,
    clock: clockStateSchema,
    created: realInstantSchema,
    lastUsed: realInstantSchema.meta({ description: 'The last request, in real time: idle expiry runs on real time.' }),
    baseUrls: z
      .strictObject({ uat: surfaceUrls, prod: surfaceUrls, admin: z.url() } satisfies Record<EnvName | 'admin', z.ZodType>)
      .meta({ description: 'Every surface under the /sandboxes/{id} prefix, and its admin plane.' }),
  })
  .meta({ description: 'An isolated sandbox: its own state, clock and event stream.' });

/** 200 of GET /__admin/sandboxes. */
export const isolatedSandboxesSchema = z
  .strictObject({
    max: z.number().int().positive().meta({ description: 'How many may live at once (429 past it).' }),
    idleMs: z.number().int().positive().meta({ description: 'Real milliseconds an unused one lives.' }),
    sandboxes: z.array(isolatedSandboxSchema),
  })
  .meta({ description: 'The live isolated sandboxes.' });

/** 200 of DELETE /__admin/sandboxes/{id}. */
export const isolatedSandboxDeletedSchema = z
  .strictObject({ status: z.literal('deleted'), id: z.string().min(1) })
  .meta({ description: 'Disposed of: its URLs answer 404 from now on.' });
