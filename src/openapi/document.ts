/**
 * Generates the OpenAPI 3.1 documents from the route tables and the zod schemas: one per
 * surface (paths as the real host serves them, servers = the sandbox's base URLs and the
 * real host) and one of everything (paths as the sandbox's main port serves them,
 * /{env}/{surface}/…, plus /__admin/…).
 */
import { z } from 'zod';
import { ENVIRONMENTS, type EnvName, type SurfaceName } from '../hosts.js';
import { ENVELOPES, PARTS, RESPONSES, SECURITY_SCHEMES } from './components.js';
import { type RouteDoc, openApiPath } from './operation.js';
import { DOCUMENT_NAMES, type DocumentName, type RouteTables, SURFACE_DESCRIPTIONS, type SecuredRoute } from './surfaces.js';

export interface DocumentSite {
  /** The origin the document is served from (servers of the admin and whole documents). */
  origin: string;
  baseUrl(env: EnvName, surface: SurfaceName): string;
  realHost(env: EnvName, surface: SurfaceName): string;
  version: string;
}

type Json = Record<string, unknown>;

export function surfaceDocument(name: DocumentName, site: DocumentSite, tables: RouteTables): Json {
  const servers =
    name === 'admin'
      ? [{ url: site.origin, description: 'the sandbox' }]
      : ENVIRONMENTS.flatMap((env) => [
          { url: site.baseUrl(env, name), description: `${env.toUpperCase()} ${name}, sandbox (path prefix)` },
          { url: `https://${site.realHost(env, name)}`, description: `${env.toUpperCase()} ${name}, the real host` },
        ]);
  const entries = tables[name]();
  return assemble(`checkout-sandbox: ${name}`, SURFACE_DESCRIPTIONS[name], servers, paths(entries, name, ''), entries, site.version);
}

export function wholeDocument(site: DocumentSite, tables: RouteTables): Json {
  const all: SecuredRoute[] = [];
  const byPath: Json = {};
  for (const name of DOCUMENT_NAMES) {
    const entries = tables[name]();
    all.push(...entries);
    Object.assign(byPath, paths(entries, name, name === 'admin' ? '' : `/{env}/${name}`));
  }
  const description =
    'Every surface of the sandbox as its main port serves them: /{env}/{surface}/… (env: uat or prod), and the control plane under /__admin. ' +
    'Per surface, with the real hosts as servers: /__admin/openapi/{surface}.json.';
  return assemble('checkout-sandbox', description, [{ url: site.origin }], byPath, all, site.version);
}

function assemble(title: string, description: string, servers: Json[], byPath: Json, entries: SecuredRoute[], version: string): Json {
  return {
    openapi: '3.1.0',
    info: { title, version, description },
    servers,
    paths: byPath,
    components: { schemas: schemas(entries), responses: RESPONSES, securitySchemes: SECURITY_SCHEMES },
  };
}

function paths(entries: SecuredRoute[], surface: DocumentName, prefix: string): Json {
  const out: Record<string, Json> = {};
  for (const { route, security, deprecated } of entries) {
    const path = `${prefix}${openApiPath(route.path)}`;
    out[path] ??= {};
    out[path][route.method] = operation(route, surface, path, security, deprecated === true);
  }
  return out;
}

function operation(route: RouteDoc, surface: DocumentName, path: string, security: SecuredRoute['security'], deprecated: boolean): Json {
  const op: Json = {
    // Identifier-safe, for client generators: api_post_checkouts_privateId_cart.
    operationId: [surface, route.method, ...openApiPath(route.path).split(/[^A-Za-z0-9]+/).filter(Boolean)].join('_'),
    tags: [surface],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(deprecated ? { deprecated: true } : {}),
    parameters: parameters(path, route.query),
    responses: Object.fromEntries(
      // A retired route also answers 410 (or nothing) once the host is shut.
      Object.entries({ ...route.responses, ...(deprecated ? { '410': 'Refused' } : {}) }).map(([status, name]) => [status, { $ref: `#/components/responses/${name}` }]),
    ),
    security: security ? [{ [security]: [] }] : [],
  };
  if (route.body) {
    const ref = { $ref: `#/components/schemas/${route.body.name}` };
    op.requestBody = {
      required: route.body.required ?? true,
      content: Object.fromEntries((route.body.contentType ?? ['application/json']).map((type) => [type, { schema: ref }])),
    };
  }
  return op;
}

function parameters(path: string, query: Record<string, string> = {}): Json[] {
  const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  return [
    ...inPath.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'env' ? { type: 'string', enum: [...ENVIRONMENTS] } : { type: 'string' },
    })),
    ...Object.entries(query).map(([name, description]) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } })),
  ];
}

/** The request bodies the entries use and the envelopes, as JSON Schema 2020-12 (OpenAPI 3.1's dialect). */
function schemas(entries: SecuredRoute[]): Json {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries({ ...ENVELOPES, ...PARTS })) registry.add(schema, { id });
  for (const { route } of entries) {
    if (route.body && !registry.has(route.body.schema)) registry.add(route.body.schema, { id: route.body.name });
  }
  const generated = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any', io: 'input' });
  // Each entry is a component, not a standalone document: no $schema or $id of its own.
  return Object.fromEntries(
    Object.entries(generated.schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as Json;
      return [id, rest];
    }),
  );
}
