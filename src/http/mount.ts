/**
 * Registers a surface's table of operations on its Hono app: one route per entry that notes
 * the operation for the journal, authenticates (refusals in the surface's auth dialect), reads
 * the body (refusing one not declared as JSON where the entry documents a 415) and binds it
 * with the entry's schema (refusals in the entry's dialect) and calls the
 * handler; then the surface's answers for what no entry serves, from the same table: a 405
 * naming the methods a known path takes (where the path's dialect answers 405), else a 404
 * in the surface's dialect; and the one error handler (src/http/dialect.ts).
 */
import type { Context, Hono } from 'hono';
import type { Logger } from '../log.js';
import { answerCheckEnabled } from './answer-check.js';
import { answerCheck } from './answer-check-hook.js';
import { parseJson, readBody } from './body.js';
import { respondToErrors } from './dialect.js';
import type { AnyOperation, AuthScheme, Input } from './operation.js';
import { isJsonMediaType, unsupportedMediaType } from './media-type.js';
import { isFetchForbiddenMethod } from './methods.js';
import { Refusal } from './refusal.js';
import { tableRouter } from './table-router.js';
import { type Authenticate, type Dialect, type RecordDialect, type SurfaceEnv, isRecordDialect, notesOf } from './types.js';

export interface MountOptions<D> {
  deps: D;
  logger: Logger;
  /** How this surface checks each scheme its entries use. */
  authenticate?: Partial<Record<Exclude<AuthScheme, 'none'>, Authenticate>>;
  /** The dialect a failed authentication answers in. */
  authDialect?: Dialect;
  /** The dialect of a path no entry serves. */
  dialectOf(path: string): Dialect;
  /** How a 404 names the surface: "UAT api". */
  where: string;
  /** A surface's own answer for some paths it does not serve (the legacy host on /manage/…). */
  unmatched?(method: string, path: string): Refusal | null;
}

const NO_INPUT: Input<undefined> = { body: undefined, json: undefined, bytes: new Uint8Array() };

function recordDialectOf<D>(entry: AnyOperation<D>): RecordDialect {
  if (isRecordDialect(entry.dialect)) return entry.dialect;
  throw new Error(`${entry.op}: it binds a JSON body, and the ${entry.dialect.name} dialect has no words for a bad one`);
}

/** Mounts the table on the app. */
export function mountOperations<D>(app: Hono<SurfaceEnv>, table: readonly AnyOperation<D>[], options: MountOptions<D>): void {
  if (answerCheckEnabled()) app.use('*', answerCheck(table, options.dialectOf, options.where));
  for (const entry of table) {
    const handle = entry.handler(options.deps);
    const authenticate = entry.auth === 'none' ? null : options.authenticate?.[entry.auth];
    if (authenticate === undefined) throw new Error(`${entry.op}: this surface has no ${entry.auth} authentication`);
    const authDialect = options.authDialect ?? entry.dialect;
    const body = entry.body;
    // A JSON body is refused in the entry's dialect, which must have the words for it.
    const bodyDialect = body && body.bind !== 'handler' ? recordDialectOf(entry) : null;
    // An operation that documents a 415 reads only bodies declared as JSON (src/http/media-type.ts).
    const demandsJson = '415' in entry.answers;
    const route = async (c: Context<SurfaceEnv>): Promise<Response> => {
      c.set('operation', entry.op);
      const notes = notesOf(c.env);
      if (notes) notes.operation = entry.op;
      if (authenticate) {
        c.set('dialect', authDialect);
        await authenticate(c);
      }
      c.set('dialect', entry.dialect);
      if (!body || body.bind === 'handler' || !bodyDialect) return handle(c, NO_INPUT);
      const bytes = await readBody(c);
      // A body-less call (an optional body left out) has nothing to declare.
      const declared = c.req.header('content-type');
      if (demandsJson && bytes.byteLength > 0 && !isJsonMediaType(declared)) throw unsupportedMediaType(declared);
      const parsed = parseJson(bytes);
      if (!parsed.ok) throw bodyDialect.malformedJson(parsed.message);
      const bound = body.bind(parsed.value);
      if (!bound.ok) throw bodyDialect.invalidBody(bound.problems);
      return handle(c, { body: bound.value, json: parsed.value, bytes });
    };
    if (entry.anyMethod) app.all(entry.path, route);
    else app.on(entry.method, entry.path, route);
  }

  const router = tableRouter(table);
  app.notFound((c) => {
    // The journal looks for the closest route of requests that matched none.
    const notes = notesOf(c.env);
    if (notes) notes.unmatched = true;
    const { method, path } = c.req;
    const dialect = options.dialectOf(path);
    // TRACE reaches no route (no real API serves it): a 405, as ASP.NET answers an unmapped method.
    if (isFetchForbiddenMethod(method)) {
      return dialect.render(
        Refusal.single(
          405,
          'Method_Not_Allowed',
          `${method} is not served by the ${options.where} surface. Use the method the API reference (GET /__admin/docs) lists for ${path}.`,
        ),
        path,
      );
    }
    // The methods the app's own routing serves at this path (c.req.path is the path it routed on).
    const served = router.at(path);
    if (served.length > 0) {
      const allowed = [...new Set(served.map((entry) => entry.method))];
      const refusal = served[0]!.dialect.methodNotAllowed(method, path, allowed);
      if (refusal) {
        c.set('dialect', served[0]!.dialect);
        return served[0]!.dialect.render(refusal, path);
      }
    }
    const own = options.unmatched?.(method, path);
    return dialect.render(own ?? dialect.notFound(method, path, options.where), path);
  });
  app.onError(respondToErrors(options.dialectOf, options.logger));
}
