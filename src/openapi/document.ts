/**
 * Generates the OpenAPI 3.1 documents from the surfaces' tables of operations
 * (src/http/operation.ts): one per surface (paths as the real host serves them, servers = the
 * sandbox's base URLs and the real host) and one of everything (paths as the sandbox's main
 * port serves them, /{env}/{surface}/…, plus /__admin/…). Request bodies and answers are the
 * very zod schemas the sandbox binds and answers with, as JSON Schema 2020-12.
 */
import { z } from 'zod';
import type { Answer } from '../http/types.js';
import { ENVIRONMENTS, type EnvName, type SurfaceName } from '../hosts.js';
import { ANSWER_PARTS, REQUEST_PARTS, SECURITY_SCHEMES } from './components.js';
import { type DocumentTable, type DocumentedOperation, openApiPath } from './operation.js';
import { DOCUMENT_NAMES, type DocumentName, type DocumentTables } from './surfaces.js';

export interface DocumentSite {
  /** The origin the document is served from (servers of the admin and whole documents). */
  origin: string;
  baseUrl(env: EnvName, surface: SurfaceName): string;
  realHost(env: EnvName, surface: SurfaceName): string;
  version: string;
}

type Json = Record<string, unknown>;

/** After the shutdown the retired host answers 410, or closes the connection. */
const REFUSED_AFTER_SHUTDOWN = 'After the shutdown: 410 Host_Retired in the checkout envelope, or the connection is closed.';

export function surfaceDocument(name: DocumentName, site: DocumentSite, tables: DocumentTables): Json {
  const servers =
    name === 'admin'
      ? [{ url: site.origin, description: 'the sandbox' }]
      : ENVIRONMENTS.flatMap((env) => [
          { url: site.baseUrl(env, name), description: `${env.toUpperCase()} ${name}, sandbox (path prefix)` },
          { url: `https://${site.realHost(env, name)}`, description: `${env.toUpperCase()} ${name}, the real host` },
        ]);
  const table = tables[name];
  return assemble(`checkout-sandbox: ${name}`, table.description, servers, paths(table, name, ''), [table], site.version);
}

export function wholeDocument(site: DocumentSite, tables: DocumentTables): Json {
  const byPath: Json = {};
  for (const name of DOCUMENT_NAMES) Object.assign(byPath, paths(tables[name], name, name === 'admin' ? '' : `/{env}/${name}`));
  const description =
    'Every surface of the sandbox as its main port serves them: /{env}/{surface}/… (env: uat or prod), and the control plane under /__admin. ' +
    'Per surface, with the real hosts as servers: /__admin/openapi/{surface}.json.';
  return assemble('checkout-sandbox', description, [{ url: site.origin }], byPath, Object.values(tables), site.version);
}

function assemble(title: string, description: string, servers: Json[], byPath: Json, tables: DocumentTable[], version: string): Json {
  return {
    openapi: '3.1.0',
    info: { title, version, description },
    servers,
    paths: byPath,
    components: { schemas: schemas(tables), responses: responses(tables), securitySchemes: SECURITY_SCHEMES },
  };
}

function paths(table: DocumentTable, surface: DocumentName, prefix: string): Json {
  const out: Record<string, Json> = {};
  for (const entry of table.operations) {
    const path = `${prefix}${openApiPath(entry.path)}`;
    out[path] ??= {};
    out[path][entry.method.toLowerCase()] = operation(entry, surface, path, table.deprecated === true);
  }
  return out;
}

function operation(entry: DocumentedOperation, surface: DocumentName, path: string, deprecated: boolean): Json {
  const answers: Record<string, Answer> = { ...entry.answers };
  const refusal = entry.answers['404'] ?? entry.answers.default;
  if (deprecated && refusal) answers['410'] = { ...refusal, description: REFUSED_AFTER_SHUTDOWN };
  const op: Json = {
    // Identifier-safe, for client generators: api_post_checkouts_privateId_cart.
    operationId: [
      surface,
      entry.method.toLowerCase(),
      ...openApiPath(entry.path)
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean),
    ].join('_'),
    'x-operation': entry.op,
    tags: [surface],
    summary: entry.summary,
    ...(entry.description ? { description: entry.description } : {}),
    ...(deprecated ? { deprecated: true } : {}),
    parameters: parameters(path, entry.query),
    responses: Object.fromEntries(Object.entries(answers).map(([status, answer]) => [status, response(answer)])),
    security: entry.auth === 'none' ? [] : [{ [entry.auth]: [] }],
  };
  if (entry.body) {
    const ref = { $ref: `#/components/schemas/${entry.body.name}` };
    op.requestBody = {
      required: entry.body.required ?? true,
      content: Object.fromEntries((entry.body.contentType ?? ['application/json']).map((type) => [type, { schema: ref }])),
    };
  }
  return op;
}

/** A named response once (components.responses), each operation referring to it with its own words. */
function responses(tables: DocumentTable[]): Json {
  const named: Json = {};
  for (const table of tables) {
    for (const entry of table.operations) {
      for (const answer of Object.values(entry.answers)) {
        if (answer.response && !(answer.response in named))
          named[answer.response] = content({ ...answer, description: answer.schema?.description ?? answer.description });
      }
    }
  }
  return named;
}

function response(answer: Answer): Json {
  if (answer.response) return { $ref: `#/components/responses/${answer.response}`, description: answer.description };
  return content(answer);
}

function content(answer: Answer): Json {
  const out: Json = { description: answer.description };
  if (answer.headers)
    out.headers = Object.fromEntries(
      Object.entries(answer.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]),
    );
  if (answer.schema && answer.name)
    out.content = { [answer.contentType ?? 'application/json']: { schema: { $ref: `#/components/schemas/${answer.name}` } } };
  else if (answer.contentType) out.content = { [answer.contentType]: { schema: { type: 'string' } } };
  return out;
}

function parameters(path: string, query: Readonly<Record<string, string>> = {}): Json[] {
  const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  return [
    ...inPath.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: name === 'env' ? { type: 'string', enum: [...ENVIRONMENTS] } : { type: 'string' },
    })),
    ...Object.entries(query).map(([name, description]) => ({
      name,
      in: 'query',
      required: false,
      description,
      schema: { type: 'string' },
    })),
  ];
}

/**
 * The bodies and answers the tables name, and the shared parts, as JSON Schema 2020-12
 * (OpenAPI 3.1's dialect). Request bodies are shown as clients may send them (zod's input
 * side), answers as the sandbox sends them (its output side).
 */
function schemas(tables: DocumentTable[]): Json {
  const requests = z.registry<{ id: string }>();
  const answers = z.registry<{ id: string }>();
  const ids = new Set<string>();
  // One schema per name: the first entry that names it wins (the same name is the same schema).
  const add = (registry: typeof requests, schema: z.ZodType, id: string): void => {
    if (registry.has(schema) || ids.has(id)) return;
    ids.add(id);
    registry.add(schema, { id });
  };
  for (const [id, schema] of Object.entries(REQUEST_PARTS)) add(requests, schema, id);
  for (const [id, schema] of Object.entries(ANSWER_PARTS)) add(answers, schema, id);
  for (const table of tables) {
    for (const entry of table.operations) {
      if (entry.body) add(requests, entry.body.schema, entry.body.name);
      for (const answer of Object.values(entry.answers)) if (answer.schema && answer.name) add(answers, answer.schema, answer.name);
    }
  }
  const uri = (id: string): string => `#/components/schemas/${id}`;
  return {
    ...components(z.toJSONSchema(requests, { uri, unrepresentable: 'any', io: 'input' }).schemas),
    ...components(z.toJSONSchema(answers, { uri, unrepresentable: 'any', io: 'output' }).schemas),
  };
}

/** Each entry is a component, not a standalone document: no $schema or $id of its own. */
function components(generated: Record<string, unknown>): Json {
  return Object.fromEntries(
    Object.entries(generated).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as Json;
      return [id, rest];
    }),
  );
}
