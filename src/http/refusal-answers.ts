/**
 * The refusals an operation documents, from its dialect: each status with what it means and
 * the dialect's error envelope. Failed authentication (401, 403) answers in the surface's auth
 * dialect; the checkout API's 900 and unexpected 5xx go under `default` (OpenAPI keys must be
 * 100-599).
 */
import type { Dialect } from './types.js';
import type { Answer } from './types.js';

const MEANING: Readonly<Record<number, string>> = {
  400: 'The body or a parameter is invalid; every problem is named.',
  401: 'Authentication failed: no credentials, or credentials that do not hold.',
  403: "Authenticated, but not allowed (another merchant's store or data, a cancelled token, a PROD-only refusal).",
  404: 'No such resource for this caller (unknown or expired id).',
  409: 'A conflict: the same idempotency key with another body, or a change in progress.',
  410: 'Gone: expired, aborted, or a host that was shut down.',
  413: 'The body is larger than the sandbox takes (1 MiB).',
  415: 'The body is not declared as JSON: send Content-Type: application/json (a charset parameter may follow).',
  422: 'A business rule refuses the call.',
  423: 'Locked: another modifying request for the same resource is being executed; send it again.',
  429: 'Too many requests: retry after Retry-After seconds.',
  503: 'The change could not be saved: nothing was applied; retry after Retry-After seconds.',
  900: 'A business rule refuses the call (the checkout API answers HTTP 900).',
};

function answerOf(dialect: Dialect, status: number | 'default'): Answer {
  const meaning =
    status === 'default'
      ? 'A business-rule rejection (HTTP 900) or an unexpected failure of the sandbox.'
      : (MEANING[status] ?? 'Refused.');
  return { ...dialect.refusal, description: meaning, ...(dialect.refusal.name ? { response: dialect.refusal.name } : {}) };
}

/** `statuses` in `dialect`, authentication refusals in `auth` (when the operation authenticates). */
export function refusalAnswers(dialect: Dialect, statuses: readonly number[], auth?: Dialect): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  if (auth) {
    answers['401'] = answerOf(auth, 401);
    answers['403'] = answerOf(auth, 403);
  }
  for (const status of statuses) {
    if (status === 900) continue;
    answers[String(status)] = answerOf(dialect, status);
  }
  answers.default = answerOf(dialect, 'default');
  return answers;
}
