/**
 * Every route of every surface and of the admin plane, as a black-box test sees it: prefix,
 * method, path with {slot} placeholders for ids, the error shape it answers in, and the
 * credentials it needs. Shared by the robustness tables, the property-based fuzz suite and the
 * isolation tests. Made from the tables the sandbox is made from (each surface's operations and
 * the admin plane's), so a new operation is sent as soon as it exists; what is written here by
 * hand is only what the tables cannot say: the operations not sent and why, and the spellings
 * clients use where they differ from the table's.
 */
import { ADMIN_OPERATIONS } from '../../src/admin/index.js';
import { SURFACES } from '../../src/hosts.js';
import type { AnyOperation, AuthScheme } from '../../src/http/operation.js';
import type { Dialect } from '../../src/http/types.js';
import { SURFACE_DEFINITIONS } from '../../src/surfaces/index.js';

export type Shape = 'checkout' | 'problem' | 'oauth' | 'admin';
export type Auth = 'bearer' | 'sharedkey' | 'none';
export type Slot = 'checkout' | 'store' | 'order' | 'reauth' | 'merchant' | 'client' | 'secret' | 'tenant' | 'env';

export interface Route {
  /** Surface prefix: '/uat/api', '/uat/legacy', '/uat/retired', '/uat/auth', or '' for /__admin. */
  prefix: string;
  method: string;
  /** The path as the surface sees it, with {slot} placeholders for ids. */
  path: string;
  shape: Shape;
  auth: Auth;
  /** True when the handler reads a body (the bad-body table applies). */
  body: boolean;
}

/**
 * The operations of the tables that the black-box tests do not send, each with why, as
 * "where METHOD path" with the path as the table writes it; a surface named alone is left out
 * whole. A left-out method of a path that is sent is one the robustness tables' method probe
 * leaves alone (IMPLICIT).
 */
export const LEFT_OUT: readonly (readonly [why: string, routes: readonly string[]])[] = [
  ["The hosted page: the customer's browser (HTML, scripts, an event stream), held by its own tests.", ['frontend']],
  [
    'The tokenization API answers in its own error shape (TokenizationError), which the tables of the robustness tests do not know.',
    [
      'api POST /purchase/authorizations',
      'api GET /purchase/customer-tokens/:token',
      'api PUT /purchase/customer-tokens/:token',
      'api DELETE /purchase/customer-tokens/:token',
    ],
  ],
  [
    "CORS preflights of Entra's metadata: 204 with no body for any tenant, so no id of theirs is ever unknown.",
    [
      'auth OPTIONS /:tenant/v2.0/.well-known/openid-configuration',
      'auth OPTIONS /:tenant/discovery/v2.0/keys',
      'api OPTIONS /:tenant/v2.0/.well-known/openid-configuration',
      'api OPTIONS /:tenant/discovery/v2.0/keys',
    ],
  ],
  [
    'Streams and pages, not JSON answers: the event stream never ends, the rest are documents, scripts and a certificate.',
    [
      'admin GET /__admin/events',
      'admin GET /__admin/ui',
      'admin GET /__admin/ui/dashboard.js',
      'admin GET /__admin/docs',
      'admin GET /__admin/docs/:asset',
      'admin GET /__admin/openapi.json',
      'admin GET /__admin/openapi/:document',
      'admin GET /__admin/tls/ca.crt',
    ],
  ],
  [
    'Writes that reach past the request: they reset the clock or the token rate limit, make or end an isolated sandbox, arm or drop fault rules, forget the journal, settle deliveries, add a merchant, change its callbacks or its order read lag, or resolve a review.',
    [
      'admin DELETE /__admin/clock',
      'admin DELETE /__admin/tokens/rate-limit',
      'admin POST /__admin/sandboxes',
      'admin DELETE /__admin/sandboxes/:id',
      'admin POST /__admin/faults',
      'admin DELETE /__admin/faults',
      'admin DELETE /__admin/faults/:id',
      'admin DELETE /__admin/requests',
      'admin POST /__admin/deliveries/settle',
      'admin POST /__admin/:env/merchants',
      'admin PUT /__admin/:env/merchants/:merchantId/callbacks',
      'admin PUT /__admin/:env/merchants/:merchantId/order-read-lag',
      'admin POST /__admin/:env/checkouts/:privateId/invoice-status',
    ],
  ],
  ["It plays the migration demo, which moves the clock past every token's lifetime.", ['admin POST /__admin/demo/migration']],
  [
    "The journal's own reads: an entry by its id (no slot names one) and a count by a filter in the body.",
    ['admin GET /__admin/requests/:id', 'admin POST /__admin/requests/count'],
  ],
];

/**
 * Operations sent with a trailing slash, as clients spell them (the surfaces ignore it):
 * instead of the table's spelling, or as well. WooCommerce's only new-style update is
 * PUT /checkouts/{privateId}/; the order list's own link is /manage/orders/; token clients
 * send /oauth2/v2.0/token with and without one.
 */
export const TRAILING_SLASH: Readonly<Record<string, 'instead' | 'too'>> = {
  updateCheckout: 'instead',
  listOrders: 'instead',
  requestToken: 'too',
};

/** Methods an operation answers beside its own without a table entry: the token endpoint answers every method, OPTIONS as a CORS preflight. */
export const ANSWERS_TOO: Readonly<Record<string, readonly string[]>> = { requestToken: ['OPTIONS'] };

/** The envelope each dialect's refusals come in, as the robustness tables judge them; an operation in any other is left out. */
const SHAPES: Partial<Record<Dialect['name'], Shape>> = {
  checkout: 'checkout',
  problem: 'problem',
  token: 'oauth',
  oauth: 'oauth',
  admin: 'admin',
};
const AUTH: Record<AuthScheme, Auth> = { bearer: 'bearer', sharedKey: 'sharedkey', none: 'none' };
/** The id each path parameter of the tables takes. */
const SLOTS: Readonly<Record<string, Slot>> = {
  privateId: 'checkout',
  storeId: 'store',
  orderId: 'order',
  reauthorizationId: 'reauth',
  merchantId: 'merchant',
  clientId: 'client',
  secretId: 'secret',
  tenant: 'tenant',
  env: 'env',
};

type Entry = Pick<AnyOperation<never>, 'op' | 'method' | 'path' | 'auth' | 'dialect' | 'body'>;

/** Where each table lives: a surface's name and prefix (UAT; the fuzz suite sends PROD too), or admin. */
const TABLES: readonly { where: string; prefix: string; table: readonly Entry[] }[] = [
  ...SURFACES.map((surface) => ({ where: surface, prefix: `/uat/${surface}`, table: SURFACE_DEFINITIONS[surface].operations })),
  { where: 'admin', prefix: '', table: ADMIN_OPERATIONS },
];

const leftOut = new Set(LEFT_OUT.flatMap(([, routes]) => routes));
const isLeftOut = (where: string, op: Entry): boolean => leftOut.has(where) || leftOut.has(`${where} ${op.method} ${op.path}`);

/** The table's path with {slot} for each parameter, or null when a parameter has none. */
function slotted(path: string): string | null {
  let unknown = false;
  const filled = path.replace(/:(\w+)/g, (_, param: string) => {
    const slot = SLOTS[param];
    if (slot === undefined) unknown = true;
    return `{${slot}}`;
  });
  return unknown ? null : filled;
}

function routeOf(where: string, prefix: string, op: Entry): Route[] {
  const name = `${where} ${op.method} ${op.path}`;
  const shape = SHAPES[op.dialect.name];
  if (shape === undefined) throw new Error(`${name}: no error shape for the ${op.dialect.name} dialect; send it or leave it out`);
  const path = slotted(op.path);
  if (path === null) throw new Error(`${name}: a parameter without a slot; give it one or leave the operation out`);
  const route = { prefix, method: op.method, shape, auth: AUTH[op.auth], body: op.body !== undefined };
  const spelling = TRAILING_SLASH[op.op];
  const paths = spelling === 'instead' ? [`${path}/`] : spelling === 'too' ? [path, `${path}/`] : [path];
  return paths.map((p) => ({ ...route, path: p }));
}

export const ROUTES: Route[] = TABLES.flatMap(({ where, prefix, table }) =>
  table.filter((op) => !isLeftOut(where, op)).flatMap((op) => routeOf(where, prefix, op)),
);

/** Methods that exist on a path without being sent there: its left-out operations' and what an operation answers too. */
export const IMPLICIT: Record<string, string[]> = {};
for (const { where, prefix, table } of TABLES) {
  for (const op of table) {
    const path = slotted(op.path);
    const methods = isLeftOut(where, op) ? [op.method] : (ANSWERS_TOO[op.op] ?? []);
    if (methods.length === 0) continue;
    const sent = ROUTES.filter((r) => r.prefix === prefix && r.path.replace(/(.)\/$/, '$1') === path);
    for (const route of sent) IMPLICIT[route.path] = [...new Set([...(IMPLICIT[route.path] ?? []), ...methods])];
  }
}

/** A DELETE aborts a checkout or revokes a client or secret for good: it is only ever sent with unknown ids. */
export const NEVER_WITH_KNOWN_IDS = (r: Route): boolean => r.method === 'DELETE';
