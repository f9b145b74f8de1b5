/**
 * The middleware the answer check installs on a surface app (src/http/answer-check.ts):
 * only when the test suite asks for it, so production requests never pay for it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { answerMismatches, declaredAnswerIssues } from './answer-check.js';
import { phaseDialect } from './dialect.js';
import type { Dialect } from './types.js';
import type { AnyOperation } from './operation.js';
import type { SurfaceEnv } from './types.js';

export function answerCheck<D>(
  table: readonly AnyOperation<D>[],
  dialectOf: (path: string) => Dialect,
  surface: string,
): MiddlewareHandler<SurfaceEnv> {
  const byOp = new Map(table.map((entry) => [entry.op, entry]));
  return async (c: Context<SurfaceEnv>, next) => {
    await next();
    const response = c.res;
    // Injected faults may carry any body the rule gives; HEAD has none.
    if (c.req.method === 'HEAD' || response.headers.has('x-sandbox-fault')) return;
    const entry = byOp.get(c.get('operation'));
    // A request no entry served answers its 404/405 in the dialect of the path.
    const declared = entry?.answers ?? { default: (phaseDialect(c) ?? dialectOf(c.req.path)).refusal };
    const where = `${surface} ${entry?.op ?? `(no operation: ${c.req.method} ${c.req.path})`}`;
    // Only a JSON body is read: a stream (the control plane's text/event-stream) would never end.
    const contentType = response.headers.get('content-type') ?? '';
    const text = /json/.test(contentType) ? await response.clone().text() : '';
    // The status of the answer itself: a clone of an HTTP 900 answer reports 200.
    const issues = declaredAnswerIssues(where, declared, response.status, contentType, text);
    if (issues.length === 0) return;
    answerMismatches().push(...issues);
    c.res = new Response(JSON.stringify({ answerCheck: issues }), { status: 500, headers: { 'content-type': 'application/json' } });
  };
}
