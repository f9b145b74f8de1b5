/**
 * Which operation a request calls: its method and path matched against the routes of the
 * world's surface apps (Hono's app.routes, as the journal's near misses use them), named as
 * the report shows it, e.g. `GET /checkouts/{privateId}`.
 *
 * Behind this small interface on purpose: the routes are about to come from per-surface
 * endpoint tables with operation names of their own (issue 16); only this file will change.
 */
import type { RouteLike } from '../control/near-miss.js';
import type { EnvName, SurfaceName } from '../hosts.js';

export interface Operation {
  /** `METHOD /path/{param}`: the report's endpoint. */
  name: string;
  /** The path parameters of this request, by name (privateId, storeId, orderId, …). */
  params: Record<string, string>;
  /** False when no route of the surface matched (the name is then a guess from the path). */
  known: boolean;
}

export interface OperationIndex {
  operationOf(env: EnvName, surface: SurfaceName, method: string, path: string): Operation;
}

interface CompiledRoute {
  method: string;
  segments: string[];
  literals: number;
  template: string;
}

export function routeOperations(routesOf: (env: EnvName, surface: SurfaceName) => readonly RouteLike[]): OperationIndex {
  const compiled = new Map<string, CompiledRoute[]>();
  const routes = (env: EnvName, surface: SurfaceName): CompiledRoute[] => {
    const key = `${env}/${surface}`;
    let list = compiled.get(key);
    if (!list) {
      list = compile(routesOf(env, surface));
      compiled.set(key, list);
    }
    return list;
  };
  return {
    operationOf(env, surface, method, path) {
      const upper = method.toUpperCase();
      const sent = segmentsOf(path);
      for (const route of routes(env, surface)) {
        if (route.method !== upper && route.method !== 'ALL') continue;
        const params = match(route.segments, sent);
        if (params) return { name: `${upper} ${route.template}`, params, known: true };
      }
      return { name: `${upper} ${guessTemplate(sent)}`, params: {}, known: false };
    },
  };
}

/** Routes in matching order: exact methods before ALL, more literal segments first; catch-alls left out. */
function compile(routes: readonly RouteLike[]): CompiledRoute[] {
  const seen = new Set<string>();
  const out: CompiledRoute[] = [];
  for (const route of routes) {
    if (route.path.includes('*')) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const segments = segmentsOf(route.path).map((s) => (s.startsWith(':') ? `:${s.slice(1).replace(/[{?].*$/, '')}` : s));
    out.push({
      method: route.method.toUpperCase(),
      segments,
      literals: segments.filter((s) => !s.startsWith(':')).length,
      template: `/${segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`,
    });
  }
  return out.sort((a, b) => Number(a.method === 'ALL') - Number(b.method === 'ALL') || b.literals - a.literals);
}

function match(route: string[], sent: string[]): Record<string, string> | null {
  if (route.length !== sent.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < route.length; i++) {
    const want = route[i]!;
    const got = sent[i]!;
    if (want.startsWith(':')) params[want.slice(1)] = decodeSegment(got);
    else if (want.toLowerCase() !== got.toLowerCase()) return null;
  }
  return params;
}

function segmentsOf(path: string): string[] {
  return path.split('?')[0]!.split('/').filter((s) => s !== '');
}

/** For a path no route serves: generated-looking segments become {id}, so one endpoint groups its calls. */
function guessTemplate(segments: string[]): string {
  return `/${segments.map((s) => (/^[0-9a-f-]{16,}$/i.test(s) || /^\d+$/.test(s) || /-[0-9a-f]{16,}$/i.test(s) ? '{id}' : s)).join('/')}`;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
