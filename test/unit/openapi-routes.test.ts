/**
 * The OpenAPI document lists every route the app serves, and nothing it does not serve:
 * each surface's Hono app (`app.routes`) against its document's paths and methods. A
 * failure names the route and the table to add it to.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurfaceName } from '../../src/hosts.js';
import { openApiPath } from '../../src/openapi/operation.js';
import { ADMIN_ROUTES } from '../../src/admin/catalog.js';
import { SURFACE_ROUTES, type DocumentName, type RouteTables, open } from '../../src/openapi/surfaces.js';
import { type Sandbox, createSandbox } from '../../src/sandbox.js';
import { createApiSurface } from '../../src/surfaces/api.js';
import { createAuthSurface } from '../../src/surfaces/auth.js';
import { createFrontendSurface } from '../../src/surfaces/frontend.js';
import { createLegacySurface } from '../../src/surfaces/legacy.js';
import { createRetiredSurface } from '../../src/surfaces/retired.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await createSandbox({ logLevel: 'silent' });
});
afterAll(() => sb.close());

const FACTORIES = { auth: createAuthSurface, api: createApiSurface, legacy: createLegacySurface, retired: createRetiredSurface, frontend: createFrontendSurface };

function appsOf(name: DocumentName): Hono[] {
  if (name === 'admin') return [sb.admin];
  const ctx = sb.surfaceDeps('uat', name as SurfaceName);
  // The retired host hands every request to a legacy app: it serves the legacy routes.
  const apps = [FACTORIES[name](ctx) as unknown as Hono];
  if (name === 'retired') apps.push(createLegacySurface(ctx) as unknown as Hono);
  return apps;
}

/** "METHOD /path" of every concrete route; catch-alls (`*`: middleware, 404/405 answers) describe nothing. */
function served(name: DocumentName): { exact: Set<string>; anyMethod: Set<string> } {
  const exact = new Set<string>();
  const anyMethod = new Set<string>();
  for (const app of appsOf(name)) {
    for (const { method, path } of app.routes) {
      if (path.includes('*')) continue;
      const key = openApiPath(path);
      if (method === 'ALL') anyMethod.add(key);
      else exact.add(`${method} ${key}`);
    }
  }
  return { exact, anyMethod };
}

function documented(name: DocumentName): Set<string> {
  const tables: RouteTables = { ...SURFACE_ROUTES, admin: () => open(ADMIN_ROUTES) };
  return new Set(tables[name]().map(({ route }) => `${route.method.toUpperCase()} ${openApiPath(route.path)}`));
}

describe.each(['auth', 'api', 'legacy', 'retired', 'admin'] as const)('the %s document', (name) => {
  it('describes every route the surface serves', () => {
    const docs = documented(name);
    const { exact, anyMethod } = served(name);
    const missing = [...exact].filter((key) => !docs.has(key));
    // A route on every method (the token endpoint) is described by at least one of its methods.
    const docPaths = new Set([...docs].map((key) => key.split(' ')[1]));
    missing.push(...[...anyMethod].filter((path) => !docPaths.has(path)).map((path) => `ALL ${path}`));
    expect(missing, `served on ${name} but not in the OpenAPI route tables (src/openapi/catalog/*, composed in src/openapi/surfaces.ts)`).toEqual([]);
  });

  it('describes nothing the surface does not serve', () => {
    const { exact, anyMethod } = served(name);
    const extra = [...documented(name)].filter((key) => !exact.has(key) && !anyMethod.has(key.split(' ')[1] as string));
    expect(extra, `in the OpenAPI route tables but not served on ${name}`).toEqual([]);
  });
});
