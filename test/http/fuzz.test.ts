/**
 * Property-based fuzzing of every route of every surface and of the admin plane,
 * in-process through sandbox.fetch(). Generated: the method (the route's own most of the
 * time, else any, TRACE included), the path (known ids, odd ids, unicode, suffixes, queries),
 * headers (content types, credentials valid or not, odd values) and the body (a valid example
 * with one field replaced by a hostile value, random JSON with toString/valueOf/__proto__
 * keys, huge numbers, deep nesting, malformed JSON, forms, raw bytes).
 *
 * Invariant: never a 5xx, never a throw, and every refusal is a 4xx in the surface's own
 * envelope (a 2xx or 900 when the input happened to be valid).
 *
 * CI runs a fixed seed in well under 60 s. Longer local runs:
 *   FUZZ_RUNS=2000 FUZZ_SEED=$RANDOM npx vitest run test/http/fuzz.test.ts
 * (FUZZ_RUNS is per route; a failure prints the seed and the path to replay it.)
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedKeyHeaderValue } from '../../src/domain/sharedkey-signature.js';
import { isFetchForbiddenMethod } from '../../src/http/methods.js';
import { ConnectionRefusedError } from '../../src/http/refuse.js';
import { useSandbox } from '../support/sandbox.js';
import { NORDIC, initPayload } from '../support/checkout-requests.js';
import { CREDENTIALS, UAT_SCOPE, UAT_TENANT, tokenFor } from '../support/identity.js';
import { ROUTES, type Route, type Slot } from '../support/routes.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const sb = useSandbox({ now: '2026-06-01T00:00:00Z' }, 'file');
let token: string;
let known: Record<Slot, string>;
const tally = { requests: 0, byClass: new Map<string, number>() };

beforeAll(async () => {
  token = await tokenFor(sb, 'uat');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers,
    body: JSON.stringify(initPayload({ notificationUri: undefined })),
  });
  const checkout = ((await created.json()) as { data: { privateId: string } }).data.privateId;
  const second = await sb.fetch('/uat/api/checkouts', {
    method: 'POST',
    headers,
    body: JSON.stringify(initPayload({ notificationUri: undefined })),
  });
  const bought = ((await second.json()) as { data: { privateId: string } }).data.privateId;
  const purchase = await sb.fetch(`/__admin/uat/checkouts/${bought}/purchase`, { method: 'POST', body: '{}' });
  const order = ((await purchase.json()) as { orderId: string }).orderId;
  known = {
    checkout,
    store: NORDIC.storeId,
    order,
    reauth: '00000000-0000-4000-8000-000000000001',
    merchant: CREDENTIALS.uat.merchantId,
    client: CREDENTIALS.uat.clientId,
    secret: 'no-such-secret',
    tenant: UAT_TENANT,
    env: 'uat',
  };
});

afterAll(async () => {
  const classes = Object.fromEntries([...tally.byClass].sort());
  console.info(
    `fuzz: ${tally.requests} requests over ${FUZZED.length} routes (seed ${SEED}, ${RUNS} runs per route): ${JSON.stringify(classes)}`,
  );
});

// ---------------------------------------------------------------------------------------
// Hostile values.

const FIELD_NAMES = [
  'toString',
  'valueOf',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toJSON',
  'amount',
  'Amount',
  'unitPrice',
  'UNITPRICE',
  'quantity',
  'vat',
  'cart',
  'items',
  'fees',
  'shipping',
  'storeId',
  'countryCode',
  'reference',
  'id',
  'description',
  'metadata',
  'customer',
  'actionReference',
  'merchantTermsUri',
  'notificationUri',
  'destination',
  'now',
  'frozen',
  'seconds',
  'duration',
  'scenario',
  'expiresIn',
  'secretExpiresIn',
  'name',
  'email',
];

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e308, -1e308, 1e300, -1e300, 1e21, 2 ** 53 + 1, -0, 0.1, 1e-7, 0, -1, 100, 101, 99999999999),
  fc.constantFrom(
    '1e400',
    'NaN',
    'Infinity',
    '-1',
    '',
    ' ',
    '1,5',
    '١٢٣',
    '0x10',
    '2026-02-30T00:00:00Z',
    'P99999999Y',
    '\u0000',
    '%00',
    '{checkout.id}',
  ),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  // What String() would call into: {"toString": 1} made the binding throw.
  fc.constantFrom({ toString: 1 }, { valueOf: 'x', toString: {} }, { toJSON: 1 }, { __proto__: { a: 1 } }, { constructor: 'x' }),
);

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    hostileLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ unit: 'grapheme', maxLength: 8 })), tie('value'), { maxKeys: 5 }),
  ),
}));

/** A body the route would accept, so that a single hostile field gets past the others. */
function example(route: Route): unknown {
  const item = { id: 'TENT-2P', description: 'Tent', unitPrice: '2499.00', quantity: 1, vat: 25 };
  const path = route.path;
  if (path.startsWith('/oauth2')) return null;
  if (path === '/checkouts' || path === '/checkout') return initPayload({ notificationUri: undefined });
  if (path.endsWith('/cart')) return { items: [item] };
  if (path.endsWith('/fees')) return { shipping: { id: 'ship', description: 'Ship', unitPrice: 49, vat: 25 } };
  if (path.endsWith('/reference')) return { reference: 'ORD-1' };
  if (path.endsWith('/metadata')) return { metadata: { a: 1 } };
  if (path.endsWith('/paylink')) return { destination: 'customer@example.com' };
  if (/\/widgets?$/.test(path)) return { storeId: 1234 };
  if (/\/(capture|refund|reauthorize)$/.test(path)) return { amount: 1, actionReference: 'fuzz', items: [item] };
  if (path.endsWith('/clock')) return { now: '2026-06-01T00:00:00Z', frozen: true };
  if (path.endsWith('/advance')) return { seconds: 1 };
  if (path.endsWith('/customer')) return { customer: { email: 'a@example.com' } };
  if (path.endsWith('/api-clients')) return { name: 'fuzz' };
  return {};
}

/** Every path to a value inside a JSON document, for replacing one of them. */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]))];
}

function replaced(document: unknown, at: (string | number)[], value: unknown): unknown {
  if (at.length === 0) return value;
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at[at.length - 1]!] = value;
  return copy;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  ';;;=',
  'application/problem+json',
  '',
];

type Body = { kind: string; bytes: string | Uint8Array | undefined };

function bodyFor(route: Route): fc.Arbitrary<Body> {
  const base = example(route);
  const paths = leafPaths(base);
  const json =
    (kind: string) =>
    (value: unknown): Body => ({ kind, bytes: JSON.stringify(value) ?? 'null' });
  return fc.oneof(
    fc.tuple(fc.nat(), hostileValue).map(([i, v]) => json('example with a hostile field')(replaced(base, paths[i % paths.length]!, v))),
    hostileValue.map(json('random JSON')),
    fc.tuple(fc.nat(), hostileValue).map(([cut, v]) => {
      const text = JSON.stringify(replaced(base, [], v)) ?? '';
      return { kind: 'malformed JSON', bytes: `${JSON.stringify(base)}${text}`.slice(0, 1 + (cut % 400)) };
    }),
    fc.tuple(fc.integer({ min: 60, max: 4000 }), fc.constantFrom('[', '{"a":')).map(([depth, open]) => ({
      kind: 'deep nesting',
      bytes: `${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}`,
    })),
    fc
      .dictionary(
        fc.constantFrom('grant_type', 'client_id', 'client_secret', 'scope', ...FIELD_NAMES),
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        { maxKeys: 5 },
      )
      .map((fields) => ({ kind: 'form', bytes: new URLSearchParams(fields).toString() })),
    fc.uint8Array({ maxLength: 256 }).map((bytes) => ({ kind: 'raw bytes', bytes })),
    fc.constant({ kind: 'none', bytes: undefined }),
  );
}

const ODD_SEGMENTS = fc.oneof(
  fc.constantFrom(
    'f00dfeed-0000-4000-8000-000000000404',
    '%00',
    '%E0%A4%A',
    '..',
    '.',
    '%2F',
    'a'.repeat(2000),
    '9999',
    '-1',
    '1e309',
    'null',
    '%F0%9F%99%82',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => encodeURIComponent(s) || 'x'),
);

function pathFor(route: Route): fc.Arbitrary<string> {
  const slots = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as Slot);
  const ids = fc.tuple(
    ...slots.map((slot) => fc.oneof({ weight: 3, arbitrary: fc.constant(known[slot]) }, { weight: 1, arbitrary: ODD_SEGMENTS })),
  );
  const suffix = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('/', '//', '/x', '?a=1', '?%zz', '#frag', '/..', '/%2e%2e/admin', '?' + 'q'.repeat(3000)) },
  );
  return fc.tuple(slots.length ? ids : fc.constant([] as string[]), suffix).map(([values, tail]) => {
    let i = 0;
    return route.path.replace(/\{(\w+)\}/g, () => values[i++] ?? 'x') + tail;
  });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'get'];

type Credential = 'valid' | 'none' | 'garbage' | 'other scheme';

// ---------------------------------------------------------------------------------------
// Sending and judging.

interface Case {
  method: string;
  path: string;
  contentType: string;
  body: Body;
  credential: Credential;
  extraHeader: [string, string] | null;
}

function caseFor(route: Route): fc.Arbitrary<Case> {
  return fc.record({
    method: fc.oneof({ weight: 4, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
    path: pathFor(route),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    body: bodyFor(route),
    credential: fc.oneof(
      { weight: 5, arbitrary: fc.constant<Credential>('valid') },
      { weight: 1, arbitrary: fc.constantFrom<Credential>('none', 'garbage', 'other scheme') },
    ),
    extraHeader: fc.option(
      fc.tuple(
        fc.constantFrom(
          'x-idempotency',
          'idempotency-key',
          'accept',
          'accept-language',
          'content-length',
          'origin',
          'sec-fetch-site',
          'x-forwarded-for',
        ),
        fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
      ),
    ),
  });
}

function authorization(route: Route, c: Case, path: string, bytes: string | Uint8Array): string | undefined {
  if (c.credential === 'none') return undefined;
  if (c.credential === 'garbage') return route.auth === 'sharedkey' ? 'SharedKey !!!' : 'Bearer not.a.jwt';
  if (c.credential === 'other scheme') return route.auth === 'sharedkey' ? `Bearer ${token}` : 'Basic Zm9vOmJhcg==';
  if (route.auth === 'bearer') return `Bearer ${token}`;
  if (route.auth === 'sharedkey') return sharedKeyHeaderValue(NORDIC.username, NORDIC.key, asReceived(path), bytes);
  return undefined;
}

function asReceived(path: string): string {
  const url = new URL(`http://sandbox.test${path}`);
  return `${url.pathname}${url.search}`;
}

async function send(route: Route, c: Case): Promise<Response | 'refused'> {
  const headers = new Headers();
  const method = c.method;
  const bodyAllowed = !['GET', 'HEAD', 'TRACE'].includes(method.toUpperCase());
  const bytes = bodyAllowed ? c.body.bytes : undefined;
  if (c.contentType) headers.set('content-type', c.contentType);
  // content-length and the like would lie about the body: only headers fetch lets through.
  if (c.extraHeader && c.extraHeader[0] !== 'content-length') headers.set(c.extraHeader[0], c.extraHeader[1]);
  const auth = authorization(route, c, c.path, bytes ?? '');
  if (auth) headers.set('authorization', auth);
  const url = `http://127.0.0.1:4010${route.prefix}${c.path}`;
  const init: RequestInit = { method, headers };
  if (bytes !== undefined) init.body = bytes;
  try {
    // TRACE as the listener builds it (fetch refuses it); everything else as a client sends it.
    return await sb.fetch(requestWithMethod(url, init));
  } catch (error) {
    // The retired host closes connections after its shutdown (an admin call may move the clock there).
    if (error instanceof ConnectionRefusedError && route.prefix.includes('/retired')) return 'refused';
    throw error;
  }
}

/** The envelopes a surface may answer in (api also serves /manage and the token endpoint). */
function shapesOf(route: Route): string[] {
  if (route.prefix === '') return ['admin'];
  if (route.prefix.endsWith('/auth')) return ['oauth'];
  if (route.prefix.endsWith('/api')) return ['checkout', 'problem', 'oauth'];
  return ['checkout'];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function matches(shape: string, body: Record<string, unknown>, status: number, contentType: string): boolean {
  const text = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';
  switch (shape) {
    case 'checkout':
      return (
        isRecord(body.error) &&
        body.data === null &&
        text(body.id) &&
        body.error.code === status &&
        text(body.error.message) &&
        Array.isArray(body.error.errors)
      );
    case 'problem':
      return contentType.startsWith('application/problem+json') && body.status === status && text(body.title) && text(body.detail);
    case 'oauth':
      return text(body.error) && text(body.error_description);
    default:
      return isRecord(body.error) && body.error.status === status && text(body.error.message);
  }
}

/** What is wrong with an answer, or null. */
async function judge(route: Route, url: string, method: string, response: Response | 'refused'): Promise<string | null> {
  if (response === 'refused') return null;
  const status = response.status;
  const text = await response.text();
  if (status >= 500 && status <= 599) return `status ${status}: ${text.slice(0, 300)}`;
  if (status < 400 || status === 900) {
    if (status === 900 && !text.includes('"error"')) return `900 without an error envelope: ${text.slice(0, 200)}`;
    return null;
  }
  if (method.toUpperCase() === 'HEAD') return text === '' ? null : 'HEAD answered with a body';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${status} with a non-JSON body: ${text.slice(0, 200)}`;
  }
  if (!isRecord(body)) return `status ${status} with a non-object body: ${text.slice(0, 200)}`;
  const contentType = response.headers.get('content-type') ?? '';
  // A path that climbed out of its prefix ("/uat/api/../x") addresses no surface: the gateway's own 404.
  const pathname = new URL(url).pathname;
  const inside =
    route.prefix === '' ? pathname.startsWith('/__admin') : pathname === route.prefix || pathname.startsWith(`${route.prefix}/`);
  if (!inside)
    return status === 404 && isRecord(body.error) && body.error.code === 404
      ? null
      : `unaddressed path answered ${status}: ${text.slice(0, 200)}`;
  return shapesOf(route).some((shape) => matches(shape, body, status, contentType))
    ? null
    : `status ${status} outside the ${shapesOf(route).join('/')} envelope: ${text.slice(0, 300)}`;
}

function count(kind: string): void {
  tally.requests += 1;
  tally.byClass.set(kind, (tally.byClass.get(kind) ?? 0) + 1);
}

// ---------------------------------------------------------------------------------------

// The surfaces of both environments first (PROD with UAT credentials: cross-environment calls must
// be refused, never crash), the admin plane last: it moves the clock past the retired host's
// shutdown and resets the world. Destructive admin calls (DELETE) are left to the robustness tables.
const SURFACE_ROUTES = ROUTES.filter((r) => r.prefix !== '');
const FUZZED: Route[] = [
  ...SURFACE_ROUTES,
  ...SURFACE_ROUTES.map((r) => ({ ...r, prefix: r.prefix.replace('/uat/', '/prod/') })),
  ...ROUTES.filter((r) => r.prefix === '' && r.method !== 'DELETE'),
];

describe(`fuzz: every route, ${RUNS} generated requests each (seed ${SEED})`, () => {
  it.each(FUZZED.map((r) => [`${r.method} ${r.prefix}${r.path}`, r] as const))('%s', async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(caseFor(route), async (c) => {
        const response = await send(route, c);
        count(response === 'refused' ? 'refused' : `${Math.floor(response.status / 100)}xx`);
        const miss = await judge(route, `http://127.0.0.1:4010${route.prefix}${c.path}`, c.method, response);
        if (miss)
          throw new Error(
            `${c.method} ${route.prefix}${c.path} (${c.body.kind}, ${c.contentType || 'no content type'}, ${c.credential} credentials): ${miss}`,
          );
      }),
      { numRuns: RUNS, seed: SEED + FUZZED.indexOf(route), endOnFailure: true },
    );
    expect(true).toBe(true);
  });
});

// Silences "unused" for the scope constant kept for the token route's example form.
void UAT_SCOPE;

/** `new Request(url, init)`, except that a forbidden method is carried as a body-less GET reporting that method. */
function requestWithMethod(url: URL | string, init: RequestInit & { duplex?: 'half' }): Request {
  const method = init.method ?? 'GET';
  if (!isFetchForbiddenMethod(method)) return new Request(url, init);
  const { body: _body, duplex: _duplex, ...rest } = init;
  const request = new Request(url, { ...rest, method: 'GET' });
  Object.defineProperty(request, 'method', { get: () => method });
  return request;
}
