/**
 * A surface's table matched by the rules live routing uses: Hono's own router (the SmartRouter
 * over RegExpRouter and TrieRouter that `new Hono()` makes) over the table's entries, asked
 * with the path the surface app routes on (src/http/routing.ts) and HEAD routed as GET, as Hono
 * dispatches it. The 405 answer (src/http/mount.ts) and the fidelity tool's "which operation
 * was this" (src/fidelity/operations.ts) ask it, so neither names another entry than the one
 * that served the request.
 */
import type { Result } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { tryDecodeURIComponent } from 'hono/utils/url';

/** What the router and the near-miss hints need of an operation (src/http/operation.ts). */
export interface OperationRoute {
  method: string;
  /** Hono syntax. */
  path: string;
  /** Mounted with app.all: every method. */
  anyMethod?: true;
}

interface TableMatch<E> {
  entry: E;
  /** The path's parameters, decoded as Hono's c.req.param() decodes them. */
  params: Record<string, string>;
}

export interface TableRouter<E> {
  /** The entry that serves the request (the first in table order whose method and path match, as the app dispatches), if any. */
  match(method: string, path: string): TableMatch<E> | undefined;
  /** The entries that serve the path with one method or another (not the any-method ones), in table order. */
  at(path: string): E[];
}

export function tableRouter<E extends OperationRoute>(table: readonly E[]): TableRouter<E> {
  // Built on first use (the 405 lookup runs only for a request no entry served), each entry
  // under its own method as the app mounts it: which router SmartRouter settles on, and so
  // whether a literal path outranks a parameter, depends on what each method holds.
  let router: SmartRouter<E> | undefined;
  const methods = [...new Set(table.filter((entry) => !entry.anyMethod).map((entry) => entry.method))];
  const match = (method: string, path: string): TableMatch<E> | undefined => {
    if (!router) {
      router = new SmartRouter<E>({ routers: [new RegExpRouter(), new TrieRouter()] });
      for (const entry of table) router.add(entry.anyMethod ? 'ALL' : entry.method, entry.path, entry);
    }
    const result = router.match(method === 'HEAD' ? 'GET' : method, path);
    // Every mounted route answers (none calls next): the first handler serves.
    return result[0].length === 0 ? undefined : { entry: result[0][0]![0], params: paramsOf(result) };
  };
  return {
    match,
    at(path) {
      const served = new Set(methods.flatMap((method) => match(method, path)?.entry ?? []));
      return table.filter((entry) => served.has(entry) && !entry.anyMethod);
    },
  };
}

/** The parameters of the first match, whichever of its two shapes the router answered in (hono/router's Result). */
function paramsOf<E>(result: Result<E>): Record<string, string> {
  const [handlers, stash] = result;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(handlers[0]![1])) {
    const raw = stash ? stash[value as number] : (value as string);
    if (raw !== undefined) params[name] = tryDecodeURIComponent(raw);
  }
  return params;
}
