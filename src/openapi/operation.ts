/**
 * One entry of the API description: what a route takes and answers. Route tables
 * (src/openapi/catalog/*) hold one entry per registered route, in Hono's path syntax, so
 * the compare test (test/unit/openapi-routes.test.ts) can match them with `app.routes`.
 */
import type { z } from 'zod';
import type { ResponseName } from './components.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'options';

export interface OperationDoc {
  summary: string;
  description?: string;
  /** The request body schema: the one the route's binder reads its keys from (src/domain/schemas). */
  body?: { schema: z.ZodType; name: string; contentType?: string[]; required?: boolean };
  /** Status (or `4XX`, `default`) → a response of components.ts. */
  responses: Record<string, ResponseName>;
  /** Query parameters, if any (name → description). */
  query?: Record<string, string>;
}

export interface RouteDoc extends OperationDoc {
  method: HttpMethod;
  /** Hono syntax, as registered: /checkouts/:privateId */
  path: string;
}

export type Security = 'bearer' | 'sharedKey' | null;

export function route(method: HttpMethod, path: string, doc: OperationDoc): RouteDoc {
  return { method, path, ...doc };
}

/** `/checkouts/:privateId` → `/checkouts/{privateId}` */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}');
}
