/**
 * Binding a body with a plain zod schema, for the sandbox's own callers (the control plane
 * and the hosted page): an empty body is `{}`, and each problem names its field, e.g.
 * `minutes: Unrecognized key; accepted keys: seconds, duration` (strict schemas list the
 * keys a call takes). The checkout API's lenient bodies bind with their own schemas
 * (src/domain/requests/), which word every problem the way the real API does.
 */
import { z } from 'zod';
import type { Binding } from './operation.js';

export function zodBinding<S extends z.ZodType>(schema: S): (json: unknown) => Binding<z.infer<S>> {
  return (json) => {
    const parsed = schema.safeParse(json === undefined ? {} : json);
    if (parsed.success) return { ok: true, value: parsed.data };
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        reason: 'Validation_Error',
        message: `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}${acceptedKeysHint(schema, issue)}`,
      })),
    };
  };
}

/** For an unknown key at the top level ({"minutes": 5}), the keys the call does accept. */
function acceptedKeysHint(schema: z.ZodType, issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys' || issue.path.length > 0 || !(schema instanceof z.ZodObject)) return '';
  const keys = Object.keys(schema.shape);
  return keys.length === 0 ? '; this call takes no body' : `; accepted keys: ${keys.join(', ')}`;
}
