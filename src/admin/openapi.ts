/**
 * The API description and its rendered reference:
 *   GET /__admin/openapi.json              everything (paths as the main port serves them)
 *   GET /__admin/openapi/{surface}.json    one per surface, and admin (paths as the real host serves them)
 *   GET /__admin/docs                      Swagger UI, served from this package (no CDN)
 *
 * Swagger UI's files are copied from swagger-ui-dist into dist/admin/swagger-ui/ by the build
 * (scripts/build.mjs), so an installed package ships them without depending on swagger-ui-dist
 * and its telemetry postinstall (@scarf/scarf). Run from src/ (npm run dev), they are read
 * from the dev dependency itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import type { DocumentSite } from '../openapi/document.js';
import type { DocumentedOperation } from '../openapi/operation.js';
import { DOCUMENT_NAMES, type DocumentName, type DocumentTables } from '../openapi/surfaces.js';
import { AdminError } from './errors.js';
import { adminOperation, json, refusals } from './operation.js';
import { openApiDocumentSchema } from './answers/openapi.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const BUILT_COPY = fileURLToPath(new URL('./swagger-ui/', import.meta.url));
const SWAGGER_DIR = existsSync(BUILT_COPY) ? BUILT_COPY : dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
/** Only these files of the package are served: nothing else of node_modules is reachable. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/**
 * The documents are built from the route tables and schemas on the first request: loading
 * them (zod's JSON Schema output, every catalog) at start-up would slow every start for a
 * page most runs never open.
 */
const documents = (): Promise<typeof import('../openapi/document.js')> => import('../openapi/document.js');
/** The emulated surfaces' tables and the control plane's own: made on the first request for a document, once (every world has the same tables). */
let made: Promise<DocumentTables> | undefined;
const tables = (deps: DocumentDeps): Promise<DocumentTables> =>
  (made ??= import('./document-tables.js').then(({ documentTables }) => documentTables(deps.adminOperations)));

/** The documents show the control plane's own table too; it is handed in (src/admin/index.ts), as it holds these very operations. */
export type DocumentDeps = Pick<AdminDeps, 'urls'> & { adminOperations: readonly DocumentedOperation[] };

function site(deps: DocumentDeps, url: string): DocumentSite {
  return {
    origin: new URL(url).origin,
    baseUrl: deps.urls.baseUrl,
    realHost: (env, surface) => deps.urls.hosts[env][surface].host,
    version: VERSION,
  };
}

const DOCUMENT = json('The OpenAPI 3.1 document.', openApiDocumentSchema, 'AdminOpenApiDocument');

export const OPENAPI_OPERATIONS: readonly AnyOperation<DocumentDeps>[] = [
  adminOperation<DocumentDeps>({
    op: 'getWholeDocument',
    method: 'GET',
    path: '/__admin/openapi.json',
    summary: 'This document: every surface and the control plane',
    answers: { '200': DOCUMENT, ...refusals() },
    handler: (deps) => async (c) => c.json((await documents()).wholeDocument(site(deps, c.req.url), await tables(deps))),
  }),
  adminOperation<DocumentDeps>({
    op: 'getSurfaceDocument',
    method: 'GET',
    path: '/__admin/openapi/:document',
    summary: `One surface: ${DOCUMENT_NAMES.slice(0, -1)
      .map((n) => `${n}.json`)
      .join(', ')} or ${DOCUMENT_NAMES.at(-1)}.json`,
    answers: { '200': DOCUMENT, ...refusals(404) },
    handler: (deps) => async (c) => {
      const name = (c.req.param('document') ?? '').replace(/\.json$/i, '').toLowerCase();
      if (!(DOCUMENT_NAMES as readonly string[]).includes(name)) {
        throw new AdminError(
          404,
          `No OpenAPI document '${c.req.param('document')}'; use one of ${DOCUMENT_NAMES.map((n) => `${n}.json`).join(', ')}, or /__admin/openapi.json for all.`,
        );
      }
      return c.json((await documents()).surfaceDocument(name as DocumentName, site(deps, c.req.url), await tables(deps)));
    },
  }),
  adminOperation<DocumentDeps>({
    op: 'getReference',
    method: 'GET',
    path: '/__admin/docs',
    summary: 'The rendered reference (Swagger UI)',
    answers: { '200': { description: 'The Swagger UI page.', contentType: 'text/html' }, ...refusals() },
    handler: () => (c) => c.html(docsPage()),
  }),
  adminOperation<DocumentDeps>({
    op: 'getReferenceAsset',
    method: 'GET',
    path: '/__admin/docs/:asset',
    summary: "The reference's static files",
    description: `Only ${Object.keys(ASSETS).join(', ')} of swagger-ui-dist.`,
    answers: { '200': { description: 'The file (CSS, JavaScript or PNG).', contentType: '*/*' }, ...refusals(404) },
    handler: () => async (c) => {
      const asset = c.req.param('asset') ?? '';
      const type = Object.hasOwn(ASSETS, asset) ? ASSETS[asset] : undefined;
      if (type === undefined) throw new AdminError(404, `No file '${asset}' in the reference; open /__admin/docs.`);
      return new Response(await readFile(join(SWAGGER_DIR, asset)), { headers: { 'content-type': type, 'cache-control': 'max-age=3600' } });
    },
  }),
];

function docsPage(): string {
  const urls = [
    { url: '/__admin/openapi.json', name: 'everything (/{env}/{surface} prefix)' },
    ...DOCUMENT_NAMES.map((name) => ({ url: `/__admin/openapi/${name}.json`, name })),
  ];
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>checkout-sandbox API reference</title>
  <link rel="stylesheet" href="/__admin/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/__admin/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/__admin/docs/swagger-ui-bundle.js"></script>
  <script src="/__admin/docs/swagger-ui-standalone-preset.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      urls: ${JSON.stringify(urls)},
      dom_id: '#swagger-ui',
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      layout: 'StandaloneLayout',
    });
  </script>
</body>
</html>
`;
}
