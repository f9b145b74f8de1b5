/**
 * One error pipeline for every surface. A surface speaks a *dialect*: which status each kind
 * of refusal gets, how its envelope looks, and how it words the failures the HTTP edge finds
 * itself (malformed JSON, an invalid body, a body over the cap, an unknown path or method, a
 * save that failed). Anything a handler, an auth check or a body reader throws is turned into
 * a Refusal (refusalOf) and rendered by the dialect of the phase the request was in
 * (`respondToErrors`): the surface's auth dialect while authenticating, the operation's once
 * authenticated, the surface's default for a path no operation serves.
 */
import type { Context, Env, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { PersistenceError, Violation } from '../domain/violation.js';
import type { Logger } from '../log.js';
import { BodyTooLarge } from './body.js';
import { type ErrorEntry, Refusal } from './refusal.js';
import { type Dialect, type SurfaceEnv, isRecordDialect } from './types.js';

/** What a thrown error means in `dialect`; null for anything that is not a refusal (a sandbox bug). */
function refusalOf(error: unknown, dialect: Dialect): Refusal | null {
  if (error instanceof Refusal) return error;
  if (error instanceof Violation) return Refusal.single(dialect.statusOf[error.kind], error.code, error.message);
  if (error instanceof BodyTooLarge) return dialect.tooLarge(error.maxBytes);
  // A dialect with no words for a failed save serves no operation that saves: one there is a sandbox bug.
  if (error instanceof PersistenceError) return isRecordDialect(dialect) ? dialect.notSaved(error.message) : null;
  if (error instanceof HTTPException) return Refusal.single(error.status, 'Bad_Request', error.message || 'The request could not be read.');
  return null;
}

/** The phase's dialect, set on the context as a request moves from authentication to its operation. */
export function phaseDialect(c: Context): Dialect | undefined {
  return (c.var as Partial<SurfaceEnv['Variables']>).dialect;
}

/** The one onError of every surface app and the control plane. A 5xx here is a sandbox bug, and says so. */
export function respondToErrors<E extends Env>(fallback: (path: string) => Dialect, logger: Logger): ErrorHandler<E> {
  return (error, c) => {
    const dialect = phaseDialect(c as Context) ?? fallback(c.req.path);
    const refusal = refusalOf(error, dialect);
    if (refusal) return dialect.render(refusal, c.req.path);
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return dialect.render(
      Refusal.single(
        500,
        'Sandbox_Error',
        `The sandbox failed on this request (a sandbox bug, please report it): ${(error as Error).message}`,
      ),
      c.req.path,
    );
  };
}

/** "The request is invalid: 2 problems, listed in errors." — the checkout API's summary of a 400. */
export function problemsSummary(problems: readonly ErrorEntry[]): string {
  if (problems.length > 0 && problems.every((p) => p.reason === 'Duplicate_Articles')) {
    return 'Duplicate articles: the same id and description occur more than once across cart and fees.';
  }
  return `The request is invalid: ${problems.length} problem${problems.length === 1 ? '' : 's'}, listed in errors.`;
}
