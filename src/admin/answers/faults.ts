/**
 * The answers of /__admin/faults (src/admin/faults.ts): a rule as the fault set keeps it
 * (src/control/faults.ts, FaultView): what it matches, its effect and bounds as written
 * (normalised: an upper-case method), its id, origin, and how often it fired.
 */
import { z } from 'zod';
import { faultRuleFields } from '../../domain/fault-rule.js';
import type { FaultOrigin, FaultView } from '../../domain/fault-rule.js';
import { everyOf } from './common.js';

const FAULT_ORIGINS = everyOf<FaultOrigin>()(['admin', 'scenario']);
const millis = z.number().int().min(0);
const instantAsWritten = { description: 'An ISO-8601 instant on the sandbox clock, as the rule was written.' };

const rule = faultRuleFields.shape;

export const faultViewSchema = z
  .strictObject({
    id: z
      .string()
      .regex(/^fault-\d+$/)
      .meta({ description: 'fault-<n>: the {id} of DELETE /__admin/faults/{id}.' }),
    origin: z.enum(FAULT_ORIGINS).meta({ description: "admin (POST /__admin/faults) or scenario (the scenario's faults:)." }),
    fired: z.number().int().min(0).meta({ description: 'How many requests it has answered.' }),
    remaining: z.number().int().min(0).nullable().meta({ description: 'How many more it answers (count minus fired); null: no count.' }),
    env: rule.env,
    surface: rule.surface,
    // method, path, principal, latency and retryAfter as kept: the method upper-case, and without the bounds a rule is written within, as this answer has always been documented.
    method: z
      .string()
      .regex(/^[A-Z]+$/)
      .optional()
      .meta({ description: 'Upper case.' }),
    path: z
      .string()
      .startsWith('/')
      .optional()
      .meta({ description: 'A glob on the surface path: * within a segment, ** across, case-sensitive.' }),
    principal: z.string().min(1).optional(),
    effect: rule.effect,
    latency: z
      .union([millis, z.strictObject({ min: millis, max: millis })])
      .optional()
      .meta({ description: 'latency: real milliseconds, or a range drawn per request.' }),
    status: rule.status.meta({ description: 'status: the HTTP status answered (900 included).' }),
    body: rule.body.meta({
      description: 'status: the body answered instead of the envelope, as written (any JSON; a string goes as text/plain).',
    }),
    retryAfter: z.number().int().min(0).optional().meta({ description: 'throttle: the Retry-After seconds.' }),
    count: rule.count,
    probability: rule.probability,
    seed: rule.seed,
    from: rule.from.unwrap().meta(instantAsWritten).optional(),
    until: rule.until.unwrap().meta(instantAsWritten).optional(),
  } satisfies { [field in keyof FaultView]-?: z.ZodType })
  .meta({ description: 'A fault rule with its id and how often it fired.' });

/** 200 of GET /__admin/faults. */
export const faultListSchema = z
  .strictObject({ faults: z.array(faultViewSchema) })
  .meta({ description: 'Every fault rule, in the order they are tried.' });

/** 200 of both DELETEs. */
export const faultsRemovedSchema = z
  .strictObject({ removed: z.number().int().min(0) })
  .meta({ description: 'How many rules were removed.' });
