/**
 * Which operation a request calls: its method and path matched against the surface's table
 * of operations (src/http/operation.ts) by the surface app's own routing rules
 * (src/http/table-router.ts), named as the report shows it, e.g. `GET /checkouts/{privateId}`,
 * with the fields its answers mark as generated.
 */
import { generatedPointers } from '../http/answer-fields.js';
import { routingPathOf } from '../http/routing.js';
import { type TableRouter, tableRouter } from '../http/table-router.js';
import { type DocumentedOperation, openApiPath } from '../openapi/operation.js';
import { ENVIRONMENTS, type EnvName, SURFACES, type SurfaceName } from '../hosts.js';

export interface OperationMatch {
  /** `METHOD /path/{param}`: the report's endpoint. */
  name: string;
  /** The path parameters of this request, by name (privateId, storeId, orderId, …). */
  params: Record<string, string>;
  /** False when no route of the surface matched (the name is then a guess from the path). */
  known: boolean;
}

export interface OperationIndex {
  operationOf(env: EnvName, surface: SurfaceName, method: string, path: string): OperationMatch;
  /** The pointers the answers of an operation (by its report name) mark as generated. */
  generatedOf(name: string): readonly string[];
}

/** A table entry with what its answers mark as generated, worked out when first asked. */
interface Described {
  /** `METHOD /path/{param}` without the method: the entry's path as the documents write it. */
  template: string;
  method: string;
  /** What its answers (every status) mark as generated. */
  generated: readonly string[];
  /** What its refusals (4xx, 5xx, default) mark as generated. */
  refusalsGenerated: readonly string[];
}

export function routeOperations(routesOf: (env: EnvName, surface: SurfaceName) => readonly DocumentedOperation[]): OperationIndex {
  const routers = new Map<string, TableRouter<DocumentedOperation>>();
  const described = new Map<DocumentedOperation, Described>();
  const generatedByName = new Map<string, readonly string[]>();
  const routerOf = (env: EnvName, surface: SurfaceName): TableRouter<DocumentedOperation> => {
    const key = `${env}/${surface}`;
    let router = routers.get(key);
    if (!router) {
      router = tableRouter(routesOf(env, surface));
      routers.set(key, router);
    }
    return router;
  };
  const describe = (route: DocumentedOperation): Described => {
    let found = described.get(route);
    if (!found) {
      found = describeRoute(route);
      described.set(route, found);
    }
    return found;
  };
  return {
    operationOf(env, surface, method, path) {
      const upper = method.toUpperCase();
      const routingPath = routingPathOf(path);
      const served = routerOf(env, surface).match(upper, routingPath);
      if (served) {
        const route = describe(served.entry);
        const name = `${upper} ${route.template}`;
        generatedByName.set(name, route.generated);
        return { name, params: served.params, known: true };
      }
      // No entry serves it: the surface's refusals are what it can answer (their envelope ids are generated).
      const name = `${upper} ${guessTemplate(path.split('?')[0]!)}`;
      if (!generatedByName.has(name))
        generatedByName.set(name, [...new Set(routesOf(env, surface).flatMap((route) => describe(route).refusalsGenerated))]);
      return { name, params: {}, known: false };
    },
    generatedOf(name) {
      let generated = generatedByName.get(name);
      if (generated === undefined) {
        // A name met before any request (a report's endpoint): the first surface whose table has it.
        const found = ENVIRONMENTS.flatMap((env) => SURFACES.flatMap((surface) => routesOf(env, surface)))
          .map(describe)
          .find((route) => `${route.method} ${route.template}` === name);
        generated = found?.generated ?? [];
        generatedByName.set(name, generated);
      }
      return generated;
    },
  };
}

function describeRoute(route: DocumentedOperation): Described {
  const pointers = (statuses: (status: string) => boolean): readonly string[] => [
    ...new Set(
      Object.entries(route.answers)
        .filter(([status]) => statuses(status))
        .flatMap(([, answer]) => (answer.schema ? generatedPointers(answer.schema) : [])),
    ),
  ];
  return {
    template: openApiPath(route.path),
    method: route.method,
    generated: pointers(() => true),
    refusalsGenerated: pointers((status) => status === 'default' || Number(status) >= 400),
  };
}

/** For a path no route serves: generated-looking segments become {id}, so one endpoint groups its calls. */
function guessTemplate(path: string): string {
  const segments = path.split('/').filter((s) => s !== '');
  return `/${segments.map((s) => (/^[0-9a-f-]{16,}$/i.test(s) || /^\d+$/.test(s) || /-[0-9a-f]{16,}$/i.test(s) ? '{id}' : s)).join('/')}`;
}
