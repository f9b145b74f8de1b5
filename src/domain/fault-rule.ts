/**
 * A fault rule as POST /__admin/faults and a scenario's `faults:` list write it (flat, one
 * object per rule). It lives here, below the store, so the scenario schema can embed it and
 * the admin call validates with the very same schema (one definition, one set of messages).
 *
 *   match   env, surface, method, path (a glob: src/domain/path-glob.ts), principal
 *   effect  latency | status | refuse | throttle | identity-outage
 *   bounds  count, probability (+ seed), from/until on the sandbox clock
 */
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { ENVIRONMENTS, SURFACES } from '../hosts.js';
import { pathPatternSchema } from './path-glob.js';

const FAULT_EFFECTS = ['latency', 'status', 'refuse', 'throttle', 'identity-outage'] as const;

const instant = z
  .string()
  .refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T23:00:00Z' });
/** Real milliseconds; a minute is already longer than any client's timeout worth testing. */
const millis = z.number().int().min(0).max(60_000);

/** A rule's fields, each as a caller writes it; GET /__admin/faults shows them as kept (src/admin/answers/faults.ts). */
export const faultRuleFields = z.object({
  env: z.enum(ENVIRONMENTS).optional(),
  surface: z.enum(SURFACES).optional(),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/, { message: 'expected an HTTP method such as GET or POST' })
    .transform((m) => m.toUpperCase())
    .optional(),
  path: pathPatternSchema
    .refine((path) => path.startsWith('/'), { message: 'expected a path on the surface such as /manage/orders/* (no /uat/api prefix)' })
    .optional(),
  principal: z.string().min(1).max(200).optional(),
  effect: z.enum(FAULT_EFFECTS),
  /** latency: fixed milliseconds or a range drawn per request (with the rule's seed). */
  latency: z.union([millis, z.object({ min: millis, max: millis }).strict()]).optional(),
  /** status: the HTTP status to answer (the real API's 900 included). */
  status: z
    .number()
    .int()
    .refine((s) => (s >= 200 && s <= 599) || s === 900, { message: 'expected an HTTP status from 200 to 599 (or 900)' })
    .optional(),
  /** status: the body to send instead of the surface's envelope (a string goes as text/plain). */
  body: z.unknown().optional(),
  /** throttle: the Retry-After seconds (default 1). */
  retryAfter: z.number().int().min(0).max(86_400).optional(),
  count: z.number().int().positive().optional(),
  probability: z.number().gt(0).max(1).optional(),
  seed: z.number().int().optional(),
  from: instant.optional(),
  until: instant.optional(),
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

export type FaultOrigin = 'admin' | 'scenario';

/** A rule as GET /__admin/faults lists it. */
export type FaultView = FaultRule & { id: string; origin: FaultOrigin; fired: number; remaining: number | null };

/** A world's fault rules as the admin calls and an in-process caller (`sandbox.faults`) change them. */
export interface FaultRules {
  add(input: FaultRuleInput, origin?: FaultOrigin): FaultView;
  list(): FaultView[];
  remove(id: string): boolean;
  clear(): void;
}
