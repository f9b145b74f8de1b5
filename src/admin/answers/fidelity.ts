/**
 * GET /__admin/fidelity (src/admin/fidelity.ts): the live comparison of `checkout-sandbox
 * record --compare`, in the form `checkout-sandbox diff --format json` reports
 * (docs/fidelity.md), or a note that this sandbox is not comparing.
 */
import { z } from 'zod';

const DIVERGENCE_KINDS = ['status', 'missing', 'extra', 'type', 'enum', 'format', 'value', 'header'] as const;

const firstSeenSchema = z.strictObject({
  exchange: z.number().int().meta({ description: "The exchange's seq in its recording file." }),
  time: z.string(),
  path: z.string(),
  pointer: z.string().nullable(),
  file: z.string().optional(),
  line: z.number().int().optional(),
});

const divergenceSchema = z.strictObject({
  endpoint: z.string().meta({ description: 'The operation: method and path template, e.g. GET /checkouts/{privateId}.' }),
  env: z.string(),
  surface: z.string(),
  kind: z.enum(DIVERGENCE_KINDS),
  pointer: z.string().nullable().meta({ description: 'JSON Pointer, array indexes as *; null for status and header divergences.' }),
  real: z.unknown().meta({ description: 'What the real service answered (a value, a type, a format or a header).' }),
  sandbox: z.unknown().meta({ description: 'What the sandbox answered instead.' }),
  count: z.number().int().positive(),
  first: firstSeenSchema,
});

const reportSchema = z.strictObject({
  exchanges: z.number().int(),
  replayed: z.number().int(),
  divergences: z.array(divergenceSchema),
  catchUps: z.array(
    z.strictObject({
      exchange: z.number().int(),
      file: z.string().optional(),
      env: z.string(),
      action: z.string(),
      id: z.string(),
      detail: z.string(),
    }),
  ),
  notReplayed: z
    .array(
      z.strictObject({ exchange: z.number().int(), file: z.string().optional(), time: z.string(), path: z.string(), reason: z.string() }),
    )
    .optional(),
  learned: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .meta({ description: 'Per endpoint, the pointers learned as generated (they differ in every exchange).' }),
  accepted: z.array(divergenceSchema.extend({ reason: z.string() })).optional(),
});

export const fidelitySchema = z
  .union([
    z.strictObject({ comparing: z.literal(false), message: z.string() }),
    z.strictObject({
      comparing: z.literal(true),
      scenario: z.string(),
      problems: z.array(z.string()).meta({ description: 'What the comparison could not map (ids, stores, clients).' }),
      report: reportSchema,
      latest: z.array(divergenceSchema.extend({ at: z.string() })).meta({ description: 'The newest divergences, newest first.' }),
    }),
  ])
  .meta({ description: 'The live comparison while `record --compare` forwards traffic; a note when this sandbox is not comparing.' });
