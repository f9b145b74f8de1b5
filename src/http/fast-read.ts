/**
 * A surface's fast read: the GETs of cached views answered before Hono, compiled from the
 * same table of operations the surface mounts (src/http/mount.ts), so there is no second
 * route table to keep in step.
 *
 * For an entry with a `read` (src/http/endpoint.ts) whose caller its scheme's quick check
 * proves (src/auth/), the answer is the read's and the journal notes what the mounted route
 * would note; no Context, middleware or promise is made. Everything else returns undefined
 * and takes the mounted route: another method, a body, a percent-encoded path, a check that
 * fails or would have to wait, a refusal, a read that must save a change first. Refusals are
 * never rendered here, so the fast read only ever gives an answer the route gives too.
 *
 * Matching follows Hono's: the first entry of the table whose method and path match serves
 * the request (every mounted route answers; none calls next), a trailing slash is dropped.
 */
import { ANSWER_CHECK_ENABLED, answerMismatches, declaredAnswerIssues } from './answer-check.js';
import { answerTextOf } from './answer.js';
import type { AnyOperation, Read } from './endpoint.js';
import type { QuickAuthenticate } from './mount.js';
import type { RequestNotes } from './notes.js';

/** What the fast read looks at: no Request, no Headers object. */
export interface FastRequest {
  method: string;
  /** As the surface sees it: the local prefix stripped, nothing decoded. */
  pathAndQuery: string;
  authorization: string | undefined;
  /** The request carries a body (a GET's counts: SharedKey clients may sign it). */
  hasBody: boolean;
}

export type FastRead = (request: FastRequest, notes: RequestNotes | undefined) => Response | undefined;

interface Compiled {
  op: string;
  /** null: any method (the token endpoint). */
  method: string | null;
  pattern: RegExp;
  names: string[];
  read: Read | undefined;
  quick: QuickAuthenticate | undefined;
  answers: AnyOperation<unknown>['answers'];
}

/** A literal path segment Hono matches as written; anything else (patterns, wildcards) is not compiled. */
const PLAIN = /^[A-Za-z0-9._~-]*$/;

/**
 * The table's fast read, or undefined when no entry has a read this surface can prove the
 * caller of, or a path uses syntax beyond `:param` (then Hono's matching could differ).
 */
export function compileFastRead<D>(
  table: readonly AnyOperation<D>[],
  deps: D,
  quick: Partial<Record<string, QuickAuthenticate>> | undefined,
  where: string,
): FastRead | undefined {
  const compiled: Compiled[] = [];
  for (const entry of table) {
    const names: string[] = [];
    const segments = entry.path.split('/').slice(1);
    let plain = true;
    const source = segments
      .map((segment) => {
        const param = /^:([A-Za-z_][A-Za-z0-9_]*)$/.exec(segment);
        if (param) {
          names.push(param[1]!);
          return '/([^/]+)';
        }
        if (!PLAIN.test(segment)) plain = false;
        return `/${segment.replace(/\./g, '\\.')}`;
      })
      .join('');
    if (!plain) return undefined;
    compiled.push({
      op: entry.op,
      method: entry.anyMethod ? null : entry.method,
      pattern: new RegExp(`^${source || '/'}$`),
      names,
      read: entry.read && entry.method === 'GET' && entry.auth !== 'none' ? entry.read(deps) : undefined,
      quick: entry.auth === 'none' ? undefined : quick?.[entry.auth],
      answers: entry.answers,
    });
  }
  if (!compiled.some((entry) => entry.read && entry.quick)) return undefined;
  // Only a GET is ever answered: the entries a GET can match, in table order.
  const candidates = compiled.filter((entry) => entry.method === null || entry.method === 'GET');

  return (request, notes) => {
    if (request.method !== 'GET' || request.hasBody) return undefined;
    const question = request.pathAndQuery.indexOf('?');
    let path = question === -1 ? request.pathAndQuery : request.pathAndQuery.slice(0, question);
    // Hono decodes a percent-encoded path and its parameters; the route does that.
    if (path.includes('%')) return undefined;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    for (const entry of candidates) {
      const match = entry.pattern.exec(path);
      if (!match) continue;
      // The first entry that matches serves the request, as in Hono: fast, or not at all.
      if (!entry.read || !entry.quick) return undefined;
      const param = (name: string): string | undefined => {
        const index = entry.names.indexOf(name);
        return index === -1 ? undefined : match[index + 1];
      };
      const proven = entry.quick({ authorization: request.authorization, pathAndQuery: request.pathAndQuery, param });
      if (!proven) return undefined;
      let answer: Response | undefined;
      try {
        answer = entry.read({ caller: proven.caller, param });
      } catch {
        return undefined; // a refusal: the route renders it in its dialect
      }
      if (!answer) return undefined;
      if (notes) {
        notes.operation = entry.op;
        notes.auth = proven.outcome;
        notes.principal = proven.principal;
      }
      return ANSWER_CHECK_ENABLED ? checked(answer, entry, where) : answer;
    }
    return undefined;
  };
}

/** The answer check of the test suite (src/http/answer-check-hook.ts does it for the mounted routes). */
function checked(answer: Response, entry: Compiled, where: string): Response {
  const issues = declaredAnswerIssues(`${where} ${entry.op}`, entry.answers, answer.status, answer.headers.get('content-type') ?? '', answerTextOf(answer) ?? '');
  if (issues.length === 0) return answer;
  answerMismatches().push(...issues);
  return new Response(JSON.stringify({ answerCheck: issues }), { status: 500, headers: { 'content-type': 'application/json' } });
}
