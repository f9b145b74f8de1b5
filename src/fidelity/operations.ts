/**
 * Which operation a request calls: its method and path matched against the surface's table
 * of operations (src/http/endpoint.ts), named as the report shows it, e.g.
 * `GET /checkouts/{privateId}`, with the fields its answers mark as generated.
 */
import { generatedPointers } from '../http/answer-fields.js';
import type { Documented } from '../openapi/operation.js';
import { ENVIRONMENTS, type EnvName, SURFACES, type SurfaceName } from '../hosts.js';

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
  /** The pointers the answers of an operation (by its report name) mark as generated. */
  generatedOf(name: string): readonly string[];
}

interface CompiledRoute {
  method: string;
  segments: string[];
  literals: number;
  template: string;
  /** What its answers (every status) mark as generated. */
  generated: readonly string[];
  /** What its refusals (4xx, 5xx, default) mark as generated. */
  refusalsGenerated: readonly string[];
}

/** What any refusal of a surface marks as generated: how a request no entry serves is compared. */
function refusalsGenerated(routes: readonly CompiledRoute[]): readonly string[] {
  return [...new Set(routes.flatMap((route) => route.refusalsGenerated))];
}

export function routeOperations(routesOf: (env: EnvName, surface: SurfaceName) => readonly Documented[]): OperationIndex {
  const compiled = new Map<string, CompiledRoute[]>();
  const generatedByName = new Map<string, readonly string[]>();
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
        if (params) {
          const name = `${upper} ${route.template}`;
          generatedByName.set(name, route.generated);
          return { name, params, known: true };
        }
      }
      // No entry serves it: the surface's refusals are what it can answer (their envelope ids are generated).
      const name = `${upper} ${guessTemplate(sent)}`;
      if (!generatedByName.has(name)) generatedByName.set(name, refusalsGenerated(routes(env, surface)));
      return { name, params: {}, known: false };
    },
    generatedOf(name) {
      let generated = generatedByName.get(name);
      if (generated === undefined) {
        // A name met before any request (a report's endpoint): the first surface whose table has it.
        const found = ENVIRONMENTS.flatMap((env) => SURFACES.flatMap((surface) => routes(env, surface))).find((route) => `${route.method} ${route.template}` === name);
        generated = found?.generated ?? [];
        generatedByName.set(name, generated);
      }
      return generated;
    },
  };
}

/** Routes in matching order: exact methods before ALL, more literal segments first; catch-alls left out. */
function compile(routes: readonly Documented[]): CompiledRoute[] {
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
      generated: [...new Set(Object.values(route.answers).flatMap((answer) => (answer.schema ? generatedPointers(answer.schema) : [])))],
      refusalsGenerated: [
        ...new Set(
          Object.entries(route.answers)
            .filter(([status]) => status === 'default' || Number(status) >= 400)
            .flatMap(([, answer]) => (answer.schema ? generatedPointers(answer.schema) : [])),
        ),
      ],
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
