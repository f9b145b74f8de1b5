/**
 * A fault rule as POST /__admin/faults and a scenario's `faults:` list write it (flat, one
 * object per rule). It lives here, below the store, so the scenario schema can embed it and
 * the admin call validates with the very same schema (one definition, one set of messages).
 *
 *   match   env, surface, method, path (a glob: src/domain/path-glob.ts), principal
 *   effect  one of FAULT_EFFECTS, each answered by src/faults/fault-effects.ts
 *   bounds  count, probability (+ seed), from/until on the sandbox clock
 */
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { ENVIRONMENTS, SURFACES } from '../hosts.js';
import { pathPatternSchema } from './path-glob.js';

export const FAULT_EFFECTS = ['latency', 'status', 'refuse', 'throttle', 'identity-outage'] as const;

const instant = z
  .string()
  .refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T23:00:00Z' });
/** Real milliseconds; a minute is already longer than any client's timeout worth testing. */
const millis = z.number().int().min(0).max(60_000);

const onTheClock = { description: 'An ISO-8601 instant on the sandbox clock.' };

/** A rule's fields, each as a caller writes it and as GET /__admin/faults lists it (the kept form: a method upper case). */
const faultRuleFields = z.object({
  env: z.enum(ENVIRONMENTS).optional(),
  surface: z.enum(SURFACES).optional(),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, { message: 'expected an HTTP method such as GET or POST' })
    .toUpperCase()
    // The kept form, which the answer's documents show.
    .pipe(z.string().regex(/^[A-Z]+$/))
    .optional()
    .meta({ description: 'An HTTP method in any case, kept upper case.' }),
  path: pathPatternSchema
    .startsWith('/', { message: 'expected a path on the surface such as /manage/orders/* (no /uat/api prefix)' })
    .optional()
    .meta({ description: 'A glob on the surface path: * within a segment, ** across, case-sensitive.' }),
  principal: z.string().min(1).max(200).optional(),
  effect: z.enum(FAULT_EFFECTS),
  latency: z
    .union([millis, z.object({ min: millis, max: millis }).strict()])
    .optional()
    .meta({ description: "latency: real milliseconds, or a range drawn per request (with the rule's seed)." }),
  status: z
    .number()
    .int()
    .refine((s) => (s >= 200 && s <= 599) || s === 900, { message: 'expected an HTTP status from 200 to 599 (or 900)' })
    .optional()
    .meta({ description: "status: the HTTP status to answer (the real API's 900 included)." }),
  body: z.unknown().optional().meta({
    description: "status: the body to answer instead of the surface's envelope, as written (any JSON; a string goes as text/plain).",
  }),
  retryAfter: z.number().int().min(0).max(86_400).optional().meta({ description: 'throttle: the Retry-After seconds (default 1).' }),
  count: z.number().int().positive().optional(),
  probability: z.number().gt(0).max(1).optional(),
  seed: z.number().int().optional(),
  from: instant.optional().meta(onTheClock),
  until: instant.optional().meta(onTheClock),
});

export const faultRuleSchema = faultRuleFields.strict().superRefine((rule, ctx) => {
  const need = (field: string, why: string): void => ctx.addIssue({ code: 'custom', path: [field], message: why });
  if (rule.effect === 'status' && rule.status === undefined)
    need('status', 'effect "status" needs a status, e.g. {"effect":"status","status":503}');
  if (rule.effect === 'latency' && rule.latency === undefined)
    need('latency', 'effect "latency" needs latency: milliseconds, or {"min": ms, "max": ms}');
  if (rule.effect !== 'status' && rule.status !== undefined) need('status', 'status is only for effect "status"');
  if (rule.effect !== 'status' && rule.body !== undefined) need('body', 'body is only for effect "status"');
  if (rule.effect !== 'latency' && rule.latency !== undefined) need('latency', 'latency is only for effect "latency"');
  if (rule.effect !== 'throttle' && rule.retryAfter !== undefined) need('retryAfter', 'retryAfter is only for effect "throttle"');
  if (typeof rule.latency === 'object' && rule.latency.min > rule.latency.max) need('latency', 'latency.min must not exceed latency.max');
  if (rule.effect === 'identity-outage' && rule.surface !== undefined && rule.surface !== 'auth') {
    need('surface', 'effect "identity-outage" is the token endpoint\'s: surface "auth" (or none)');
  }
  if (rule.seed !== undefined && rule.probability === undefined) need('seed', 'seed goes with probability');
  if (rule.from && rule.until && parseInstant(rule.from)!.getTime() >= parseInstant(rule.until)!.getTime())
    need('until', 'until must be after from');
});

export type FaultRule = z.infer<typeof faultRuleSchema>;
/** What a caller writes (before defaults and normalisation, e.g. a lower-case method). */
export type FaultRuleInput = z.input<typeof faultRuleSchema>;

const FAULT_ORIGINS = ['admin', 'scenario'] as const;
export type FaultOrigin = (typeof FAULT_ORIGINS)[number];

/** A rule as GET /__admin/faults lists it: its fields as kept, its id, where it came from and how often it fired. */
export const faultViewSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^fault-\d+$/)
      .meta({ description: 'fault-<n>: the {id} of DELETE /__admin/faults/{id}.' }),
    // The rule's own fields, in the order the answer lists them.
    ...faultRuleFields.shape,
    origin: z.enum(FAULT_ORIGINS).meta({ description: "admin (POST /__admin/faults) or scenario (the scenario's faults:)." }),
    fired: z.number().int().min(0).meta({ description: 'How many requests it has answered.' }),
    remaining: z.number().int().min(0).nullable().meta({ description: 'How many more it answers (count minus fired); null: no count.' }),
  })
  .meta({ description: 'A fault rule with its id and how often it fired.' });
export type FaultView = z.output<typeof faultViewSchema>;

/** A world's fault rules as the admin calls and an in-process caller (`sandbox.faults`) change them. */
export interface FaultRules {
  add(input: FaultRuleInput, origin?: FaultOrigin): FaultView;
  list(): FaultView[];
  remove(id: string): boolean;
  clear(): void;
}
