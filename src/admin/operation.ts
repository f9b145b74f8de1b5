/**
 * What every entry of the control plane's table (src/admin/index.ts) shares: no
 * authentication of its own (the guard, src/admin/guard.ts, runs before every call and may
 * refuse any of them with 401 or 403), the admin dialect's `{"error": {"status", "message"}}`,
 * and JSON bodies bound by their zod schema (an empty body is `{}`; every problem names its
 * field, src/http/zod-binding.ts).
 */
import type { z } from 'zod';
import { adminDialect } from '../http/dialects/status-message.js';
import { type AnyOperation, type Operation, type RequestBody, jsonAnswer, operation } from '../http/operation.js';
import type { Answer } from '../http/types.js';
import { refusalAnswers } from '../http/refusal-answers.js';
import { zodBinding } from '../http/zod-binding.js';

/** An admin call: declared like any operation, minus what every admin call has in common. */
export function adminOperation<D, T = undefined>(entry: Omit<Operation<D, T>, 'auth' | 'dialect'>): AnyOperation<D> {
  return operation<D, T>({ ...entry, auth: 'none', dialect: adminDialect });
}

/** A JSON body the table binds with `schema` before the handler runs; `required: false` when it may be left out. */
export function jsonBody<S extends z.ZodType>(schema: S, name: string, options: { required?: boolean } = {}): RequestBody<z.infer<S>> {
  return { schema, name, ...(options.required === false ? { required: false } : {}), bind: zodBinding(schema) };
}

/** A JSON answer with its schema and its name in the documents: the tables' jsonAnswer. */
export const json = jsonAnswer;

/** The guard's refusals, which any admin call may get before it runs. */
const GUARD: Record<string, Answer> = {
  '401': {
    ...adminDialect.refusal,
    description: 'An admin token is configured (--admin-token) and the call does not send it as Authorization: Bearer.',
    response: adminDialect.refusal.name,
  },
  '403': {
    ...adminDialect.refusal,
    description: 'Refused by the guard: a cross-site browser request, or a Host that does not name the sandbox (DNS rebinding).',
    response: adminDialect.refusal.name,
  },
};

/** What a refusal means on the control plane, where the shared wording (src/http/refusal-answers.ts) speaks of the API's cases. */
const MEANING: Readonly<Record<number, string>> = {
  404: 'Unknown environment, merchant, client, secret, checkout, rule, sandbox, journal entry or document: the message names it and where to list them.',
  409: "The state does not allow the call (a customer step the checkout's status does not take, a revoked client, no purchase on hold): the message says why.",
  422: "The merchant's validationUri refused the purchase: the checkout is unlocked again.",
  429: 'As many isolated sandboxes are live as the process keeps: delete finished ones, or wait for idle ones to expire.',
  503: 'The change could not be saved: nothing was applied; retry.',
};

/** The guard's refusals and `statuses` in the admin dialect (unexpected failures under `default`). */
export function refusals(...statuses: number[]): Record<string, Answer> {
  const answers = refusalAnswers(adminDialect, statuses);
  for (const status of statuses) {
    const meaning = MEANING[status];
    const answer = answers[String(status)];
    if (meaning && answer) answers[String(status)] = { ...answer, description: meaning };
  }
  return { ...GUARD, ...answers };
}

/** What a call with a JSON body may be refused for besides its own rules: a body that is not JSON or not valid (400), too large (413). */
export const BODY_REFUSALS = [400, 413] as const;
