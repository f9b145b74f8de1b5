/**
 * Every route of every surface and of the admin plane, as a black-box test sees it: prefix,
 * method, path with {slot} placeholders for ids, the error shape it answers in, and the
 * credentials it needs. Shared by the robustness tables, the property-based fuzz suite and the
 * isolation tests; an operation of the tables not sent is in LEFT_OUT with why, and
 * test/unit/black-box-routes.test.ts holds the list to the tables.
 */
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

export const NEW_STYLE: [string, string][] = [
  ['POST', '/checkouts'],
  ['GET', '/checkouts/{checkout}'],
  ['PUT', '/checkouts/{checkout}/'],
  ['PUT', '/checkouts/{checkout}/cart'],
  ['PUT', '/checkouts/{checkout}/fees'],
  ['PUT', '/checkouts/{checkout}/reference'],
  ['PUT', '/checkouts/{checkout}/metadata'],
  ['PUT', '/checkouts/{checkout}/shippingProperties'],
  ['POST', '/checkouts/{checkout}/paylink'],
  // Aborts the checkout for good: like every DELETE, only ever called with an unknown id.
  ['DELETE', '/checkouts/{checkout}'],
  ['POST', '/widgets'],
];

export const OLD_STYLE: [string, string][] = [
  ['POST', '/checkout'],
  ['GET', '/merchants/{store}/checkouts/{checkout}'],
  ['PUT', '/merchants/{store}/checkouts/{checkout}/cart'],
  ['PUT', '/merchants/{store}/checkouts/{checkout}/fees'],
  ['PUT', '/merchants/{store}/checkouts/{checkout}/reference'],
  ['PUT', '/merchants/{store}/checkouts/{checkout}/metadata'],
  ['PUT', '/merchants/{store}/checkouts/{checkout}/shippingProperties'],
  ['POST', '/merchants/{store}/checkouts/{checkout}/paylink'],
  ['POST', '/widget'],
];

export const ORDERS: [string, string][] = [
  ['GET', '/manage/orders/'],
  ['GET', '/manage/orders/{order}'],
  ['GET', '/manage/orders/{order}/reauthorize/{reauth}'],
  ['POST', '/manage/orders/{order}/capture'],
  ['POST', '/manage/orders/{order}/refund'],
  ['POST', '/manage/orders/{order}/reauthorize'],
  ['POST', '/manage/orders/{order}/extend'],
  ['POST', '/manage/orders/{order}/cancel'],
];

export const IDENTITY: [string, string][] = [
  ['POST', '/oauth2/v2.0/token'],
  ['POST', '/oauth2/v2.0/token/'],
  ['GET', '/{tenant}/v2.0/.well-known/openid-configuration'],
  ['GET', '/{tenant}/discovery/v2.0/keys'],
];

export const CLIENTS = '/__admin/{env}/merchants/{merchant}/api-clients';
export const ADMIN_CHECKOUT = '/__admin/{env}/checkouts/{checkout}';
export const ADMIN: [string, string][] = [
  ['GET', '/__admin/health'],
  ['GET', '/__admin/hosts'],
  ['GET', '/__admin/scenarios'],
  ['POST', '/__admin/reset'],
  ['GET', '/__admin/{env}/merchants'],
  ['GET', '/__admin/clock'],
  ['PUT', '/__admin/clock'],
  ['POST', '/__admin/clock/advance'],
  ['GET', '/__admin/tokens'],
  ['PATCH', '/__admin/tokens'],
  ['PUT', '/__admin/tokens/rate-limit'],
  ['GET', ADMIN_CHECKOUT],
  ['POST', `${ADMIN_CHECKOUT}/customer`],
  ['POST', `${ADMIN_CHECKOUT}/commit`],
  ['POST', `${ADMIN_CHECKOUT}/abort`],
  ['POST', `${ADMIN_CHECKOUT}/purchase`],
  ['GET', `${ADMIN_CHECKOUT}/callbacks`],
  ['GET', CLIENTS],
  ['POST', CLIENTS],
  ['GET', `${CLIENTS}/{client}`],
  ['PATCH', `${CLIENTS}/{client}`],
  ['POST', `${CLIENTS}/{client}/secrets`],
  // Only ever called with an unknown id below: these would revoke or delete for real.
  ['DELETE', `${CLIENTS}/{client}`],
  ['DELETE', `${CLIENTS}/{client}/secrets/{secret}`],
  ['GET', '/__admin/sandboxes'],
  ['GET', '/__admin/faults'],
  ['GET', '/__admin/requests'],
  ['GET', '/__admin/report'],
  ['GET', '/__admin/fidelity'],
  ['GET', '/__admin/retirement'],
  ['GET', '/__admin/deliveries'],
  ['GET', '/__admin/{env}/checkouts'],
  ['GET', '/__admin/{env}/orders'],
  ['GET', '/__admin/{env}/callbacks'],
  ['GET', '/__admin/{env}/webhooks'],
  ['GET', '/__admin/{env}/customer-tokens'],
  ['GET', '/__admin/{env}/authorizations'],
  ['GET', '/__admin/{env}/on-hold-reviews'],
  ['GET', '/__admin/demo/migration'],
];

/** Methods that exist on a path without being listed (DELETE /__admin/clock resets the clock: never sent). */
export const IMPLICIT: Record<string, string[]> = {
  '/__admin/clock': ['DELETE'],
  '/__admin/tokens/rate-limit': ['DELETE'],
  // They make a sandbox, arm or drop fault rules, forget the journal.
  '/__admin/sandboxes': ['POST'],
  '/__admin/faults': ['POST', 'DELETE'],
  '/__admin/requests': ['DELETE'],
  // It plays the migration demo, which moves the clock past every token's lifetime.
  '/__admin/demo/migration': ['POST'],
  '/oauth2/v2.0/token': ['OPTIONS'],
  '/oauth2/v2.0/token/': ['OPTIONS'],
  // Entra's metadata answers CORS preflights (Access-Control-Allow-Methods: GET, OPTIONS).
  '/{tenant}/v2.0/.well-known/openid-configuration': ['OPTIONS'],
  '/{tenant}/discovery/v2.0/keys': ['OPTIONS'],
};

/**
 * The operations of the surfaces' and the admin plane's tables that the black-box tests do not
 * send, each with why: a test (test/unit/black-box-routes.test.ts) fails when a table has an
 * operation that is neither in ROUTES nor here, so a new route is listed or left out on purpose.
 * Paths as the tables write them; a surface named alone is left out whole.
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
    'Writes that reach past the request: they end an isolated sandbox, drop a fault rule, settle deliveries, add a merchant, change its callbacks or its order read lag, or resolve a review.',
    [
      'admin DELETE /__admin/sandboxes/:id',
      'admin DELETE /__admin/faults/:id',
      'admin POST /__admin/deliveries/settle',
      'admin POST /__admin/:env/merchants',
      'admin PUT /__admin/:env/merchants/:merchantId/callbacks',
      'admin PUT /__admin/:env/merchants/:merchantId/order-read-lag',
      'admin POST /__admin/:env/checkouts/:privateId/invoice-status',
    ],
  ],
  [
    "The journal's own reads: an entry by its id (no slot above names one) and a count by a filter in the body.",
    ['admin GET /__admin/requests/:id', 'admin POST /__admin/requests/count'],
  ],
];

export function routes(): Route[] {
  const list: Route[] = [];
  const add = (prefix: string, table: [string, string][], shape: Shape, auth: Auth): void => {
    for (const [method, path] of table) list.push({ prefix, method, path, shape, auth, body: method !== 'GET' && method !== 'DELETE' });
  };
  add('/uat/auth', IDENTITY, 'oauth', 'none');
  add('/uat/api', IDENTITY, 'oauth', 'none');
  add('/uat/api', NEW_STYLE, 'checkout', 'bearer');
  add('/uat/api', ORDERS, 'problem', 'bearer');
  for (const prefix of ['/uat/legacy', '/uat/retired']) {
    add(prefix, NEW_STYLE, 'checkout', 'sharedkey');
    add(prefix, OLD_STYLE, 'checkout', 'sharedkey');
  }
  add('', ADMIN, 'admin', 'none');
  // The discovery documents take no body.
  return list.map((r) => (r.path.includes('{tenant}') ? { ...r, body: false } : r));
}

export const ROUTES = routes();
export const NEVER_WITH_KNOWN_IDS = (r: Route): boolean => r.method === 'DELETE';
