/**
 * The answers of the world's calls (src/admin/world.ts, sandboxes.ts, clock.ts): health,
 * hosts, scenarios, reset, the merchants of an environment, isolated sandboxes and the clock.
 */
import {
  apiClientRecord,
  apiClientSecretRecord,
  carrierRecord,
  checkoutProfileRecord,
  deliveryModuleRecord,
  deliveryOptionRecord,
  merchantRecord,
  storeRecord,
} from '../../domain/merchant.js';
import { z } from 'zod';
import { type EnvName, SURFACES, SURFACE_RECORDS, bySurface } from '../../hosts.js';
import { answerOf, clockStateSchema, envSchema, guidSchema, realInstantSchema } from './common.js';

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

/** A delivery module as the state keeps it, its fees in major units. */
const deliveryModuleSchema = answerOf(deliveryModuleRecord)
  .extend({
    carriers: z.array(
      answerOf(carrierRecord).extend({
        options: z.array(answerOf(deliveryOptionRecord).extend({ fee: z.number().meta({ description: 'Major units, VAT included.' }) })),
      }),
    ),
  })
  .meta({ description: 'A delivery module: the carriers and options the customer picks from.' });

const storeSchema = answerOf(storeRecord).extend({
  profiles: z
    .array(answerOf(checkoutProfileRecord).extend({ deliveryModule: deliveryModuleSchema.nullable() }))
    .nullable()
    .meta({ description: 'The checkout profiles (profileName) set up for the store; null: any profileName is accepted.' }),
});

const apiClientSchema = answerOf(apiClientRecord)
  .pick({ name: true, revokedAt: true })
  .extend({
    clientId: guidSchema,
    secrets: z.array(
      answerOf(apiClientSecretRecord).pick({ hint: true, createdAt: true, expiresAt: true }).extend({ secretId: guidSchema }),
    ),
  });

/** A merchant as the state keeps it, its signing key under the name the admin API has always shown it by, and its API clients without their secrets. */
export const merchantSchema = answerOf(merchantRecord)
  .omit({ webhookHmacKey: true })
  .extend({
    stores: z.array(storeSchema),
    sharedKey: merchantRecord.shape.sharedKey
      .strict()
      .meta({ description: 'The SharedKey credentials of the legacy and retired hosts (shown: this is a sandbox).' }),
    webhookSigningKey: merchantRecord.shape.webhookHmacKey.unwrap(),
    apiClients: z.array(apiClientSchema).meta({ description: 'Its API clients; secrets are kept hashed and never shown.' }),
  });
export type MerchantAnswer = z.output<typeof merchantSchema>;

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
