/**
 * The answers of the request journal over HTTP (src/admin/requests.ts) and of the migration
 * report (src/admin/report.ts): journal entries as materialised (src/journal/journal.ts:
 * bodies decoded, capped and redacted) and the report per principal (src/journal/report.ts).
 * The bodies' parsed JSON is whatever was sent: free-form.
 */
import { z } from 'zod';
import type { Direction } from '../../journal/journal.js';
import type { Finding, PrincipalReport } from '../../journal/report.js';
import { READINESS_ITEMS } from '../../domain/readiness/readiness.js';
import { SURFACES } from '../../hosts.js';
import { CALLBACK_KINDS } from './callbacks.js';
import { envSchema, everyOf, instantSchema, realInstantSchema } from './common.js';

const DIRECTIONS = everyOf<Direction>()(['in', 'out']);
const PRINCIPAL_KINDS = everyOf<PrincipalReport['kind']>()(['sharedkey', 'client', 'unknown']);
const SEVERITIES = everyOf<Finding['severity']>()(['error', 'warning', 'info']);
/** The codes findingsOf (src/journal/report.ts) writes; Finding types the code as a string, so a new one is added here too. */
const FINDING_CODES = ['retired-host', 'legacy-host', 'current-api', 'token-per-call', 'auth-failure'] as const;

const surface = z
  .enum([...SURFACES, 'admin', 'merchant'])
  .nullable()
  .meta({
    description: 'The emulated surface, admin (the control plane), merchant (a call the sandbox made); null: no surface was addressed.',
  });
const status = z
  .union([z.number().int(), z.literal('refused')])
  .nullable()
  .meta({
    description:
      "The HTTP status; 'refused' when the connection was closed unanswered; null for a call to a merchant that could not be reached.",
  });
const auth = z.string().min(1).meta({
  description: "The authentication outcome as scheme:outcome (bearer:ok, bearer:expired, sharedkey:bad-signature, token:ok, …), or 'none'.",
});

const redactedBodySchema = z
  .strictObject({
    text: z.string().meta({ description: 'The body as text, secrets replaced by [redacted], cut to 8 KiB.' }),
    json: z.unknown().optional().meta({ description: 'The text parsed, when it is whole JSON (any JSON: what was sent).' }),
    bytes: z.number().int().positive().meta({ description: 'The full length in bytes.' }),
    truncated: z.boolean(),
  })
  .nullable()
  .meta({ description: 'null: no body.' });

export const journalEntrySchema = z
  .strictObject({
    id: z.number().int().positive().meta({ description: 'Increasing per sandbox.' }),
    direction: z.enum(DIRECTIONS).meta({ description: 'in: a request the sandbox answered; out: a call it made to a merchant.' }),
    at: instantSchema,
    realTime: realInstantSchema,
    env: envSchema.nullable(),
    surface: surface,
    host: z.string(),
    method: z.string().min(1),
    path: z.string().meta({ description: 'As the surface saw it (the /{env}/{surface} prefix stripped), without the query.' }),
    query: z.string(),
    operation: z.string().nullable().meta({
      description:
        "The operation of the surface's table the request matched (getCheckout, captureOrder, advanceClock, …); null when none did.",
    }),
    status: status,
    latencyMs: z.number().min(0),
    auth: auth,
    authCause: z.string().optional().meta({ description: 'Why authentication failed, as the 401 said it.' }),
    principal: z
      .strictObject({ clientId: z.string().optional(), username: z.string().optional(), merchantId: z.string().optional() })
      .meta({ description: 'Who made the call, as far as authentication told.' }),
    request: z.strictObject({
      headers: z.record(z.string(), z.string()).meta({ description: 'As sent; credentials and cookies redacted.' }),
      body: redactedBodySchema,
    }),
    response: z.strictObject({ body: redactedBodySchema }),
    nearMisses: z
      .array(z.strictObject({ kind: z.string().min(1), closest: z.string(), differs: z.string() }))
      .optional()
      .meta({ description: 'For a refused or unmatched request: the closest route or credentials, and what differs.' }),
    kind: z.enum(CALLBACK_KINDS).optional().meta({ description: 'out: which call to the merchant it was.' }),
    url: z.string().optional().meta({ description: "out: the merchant's URL as called." }),
    error: z.string().nullable().optional().meta({ description: 'out: why the merchant could not be reached; null when it answered.' }),
  })
  .meta({ description: 'A request the sandbox answered, or a call it made.' });

/** 200 of GET /__admin/requests. */
export const journalSchema = z
  .strictObject({ requests: z.array(journalEntrySchema) })
  .meta({ description: 'Journal entries, newest first.' });

/** 200 of DELETE /__admin/requests. */
export const journalClearedSchema = z
  .strictObject({ cleared: z.number().int().min(0) })
  .meta({ description: 'How many entries were dropped.' });

/** 200 of POST /__admin/requests/count. */
export const journalCountSchema = z
  .strictObject({ count: z.number().int().min(0) })
  .meta({ description: 'How many entries match every given field.' });

const callGroupSchema = z.strictObject({
  calls: z.number().int().min(0),
  lastSeen: instantSchema.nullable().meta({ description: 'Sandbox time of the latest of these calls; null: none.' }),
  endpoints: z.record(z.string(), z.number().int().positive()).meta({ description: "'GET /checkout/{id}' → how many calls." }),
});

const readinessSchema = z.strictObject({
  id: z.enum(READINESS_ITEMS.map((item) => item.id) as [string, ...string[]]),
  title: z.string().min(1),
  status: z.enum(['met', 'not-met', 'not-seen']).meta({
    description: 'met: the journal shows it; not-met: it shows the opposite (evidence); not-seen: the traffic so far cannot tell.',
  }),
  evidence: z.array(z.number().int().positive()).meta({ description: 'Journal entry ids (GET /__admin/requests/{id}) that show it.' }),
  calls: z
    .array(
      z.strictObject({
        id: z.number().int().positive(),
        direction: z
          .enum(['in', 'out'])
          .meta({ description: "in: the shop's call (or the hosted page's); out: the sandbox's call to the shop." }),
        method: z.string().min(1),
        path: z.string(),
        status: z.union([z.number().int(), z.literal('refused'), z.null()]),
        concerns: z
          .string()
          .nullable()
          .meta({ description: "The checkout's private id, 'order {orderId}', or null when the call names neither." }),
      }),
    )
    .meta({ description: 'Each evidence entry: its method, path, status and the checkout it concerns, in the order of evidence.' }),
  detail: z.string().min(1).meta({ description: 'What the traffic showed.' }),
  advice: z.string().min(1).meta({ description: 'not-met: what to change; not-seen: how to exercise it; met: what to keep doing.' }),
  source: z.url().meta({ description: 'The public page the item comes from.' }),
});

const principalReportSchema = z.strictObject({
  principal: z.string().min(1).meta({ description: "The client id, the SharedKey username, or '(no credentials)'." }),
  kind: z.enum(PRINCIPAL_KINDS),
  merchantId: z.string().nullable(),
  envs: z.array(envSchema),
  lastSeen: instantSchema.meta({ description: 'Sandbox time of its latest call, on any host.' }),
  retired: callGroupSchema.meta({ description: 'Calls to the retired host.' }),
  legacy: callGroupSchema.meta({ description: 'Calls to the legacy host (SharedKey).' }),
  current: callGroupSchema.meta({ description: 'Calls to the current API with a bearer token.' }),
  tokens: z
    .strictObject({ requested: z.number().int().min(0), apiCalls: z.number().int().min(0) })
    .nullable()
    .meta({ description: 'Tokens requested against API calls made; null for a principal that used none.' }),
  authFailures: z.array(
    z.strictObject({
      at: instantSchema,
      env: envSchema.nullable(),
      surface: surface,
      method: z.string().min(1),
      path: z.string(),
      status: status,
      auth: auth,
      cause: z.string(),
    }),
  ),
  findings: z.array(z.strictObject({ code: z.enum(FINDING_CODES), severity: z.enum(SEVERITIES), message: z.string().min(1) })),
  readiness: z.array(readinessSchema).meta({ description: 'Go-live readiness, one result per item (docs/go-live-readiness.md).' }),
});

/** 200 of GET /__admin/report (JSON). */
export const migrationReportSchema = z
  .strictObject({
    generatedAt: instantSchema,
    retirement: z.strictObject({
      shutdownAt: instantSchema,
      shutDown: z.boolean(),
      daysLeft: z.number().int().min(0),
    }),
    entries: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'How many journal entries the report read (the ring may have dropped older ones).' }),
    window: z
      .strictObject({
        held: z.number().int().min(0),
        size: z.number().int().positive().nullable(),
        full: z.boolean(),
        oldestId: z.number().int().positive().nullable(),
        oldestAt: instantSchema.nullable(),
      })
      .meta({
        description: 'What the journal still holds: once it is full, older entries are dropped and every item reads only what is left.',
      }),
    principals: z.array(principalReportSchema),
    leftToTheShop: z
      .array(z.strictObject({ title: z.string().min(1), source: z.url() }))
      .meta({ description: "The go-live checklist's questions the traffic cannot answer." }),
  })
  .meta({
    description: 'The migration report: per principal, which hosts its calls go to, tokens per call, auth failures, and what to do.',
  });
