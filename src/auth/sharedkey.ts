/**
 * SharedKey verification on the legacy and retired surfaces (docs/real-service.md, "SharedKey signature").
 *
 * The signature covers the raw body bytes as received and the path as the client sent it
 * (with its query string when there is one; the plain path is accepted too, since no
 * observed client sends a query and a signer may leave it out). The gateway has already
 * stripped the local /{env}/{surface} prefix, so the path is the one the client hashed.
 * Failures answer 401 with a reason per cause and never reveal the expected value.
 */
import type { Context } from 'hono';
import type { SurfaceDeps } from '../routes/deps.js';
import type { Merchant } from '../domain/merchant.js';
import { readBody } from '../http/body.js';
import type { Authenticate } from '../http/types.js';
import { Refusal } from '../http/refusal.js';
import { surfacePathOf } from '../http/routing.js';
import type { SurfaceEnv } from '../http/types.js';

type SharedKeyDeps = Pick<SurfaceDeps, 'env' | 'urls' | 'services'>;
import { hexDigestsMatch, parseSharedKeyHeader, sharedKeyHex } from '../domain/sharedkey-signature.js';
import { authFailed, noteAuth } from './notes.js';
import { closestName } from '../journal/near-miss.js';
import type { NearMiss } from '../http/notes.js';

const SIGN_HINT = 'Authorization: SharedKey base64(username + ":" + sha256hex(body + path + sharedKey))';

export function sharedKeyAuth(deps: SharedKeyDeps): Authenticate {
  const env = deps.env.toUpperCase();
  return async (c) => {
    const parsed = parseSharedKeyHeader(c.req.header('authorization'));
    if (!parsed.ok) {
      const outcome =
        parsed.problem === 'missing' ? 'sharedkey:missing' : parsed.problem === 'scheme' ? 'sharedkey:wrong-scheme' : 'sharedkey:malformed';
      throw authFailed(c, outcome, headerProblem(deps, parsed.problem, c.req.header('authorization') ?? ''));
    }

    const merchant = deps.services.merchants.bySharedKeyUsername(parsed.username);
    if (!merchant) {
      const closest = closestName(
        parsed.username,
        deps.services.merchants.list().map((m) => m.sharedKey.username),
      );
      const nearMiss: NearMiss | null = closest ? { kind: 'sharedkey-username', closest: closest.name, differs: closest.differs } : null;
      throw authFailed(
        c,
        'sharedkey:unknown-username',
        unauthorized(
          'Unknown_Username',
          `Unknown SharedKey username '${parsed.username}' in ${env}. Use the username you were onboarded with for ${env} ` +
            `(UAT and PROD credentials differ; GET /__admin/${deps.env}/merchants lists the sandbox's).`,
        ),
        { principal: { username: parsed.username }, nearMiss },
      );
    }

    const body = await readBody(c);
    const { path, query } = pathAsSent(surfacePathOf(c.req.url, c.env));
    const candidates = query === '' ? [path] : [`${path}?${query}`, path];
    // Over the bytes received, and over "" too: some clients send a body (even on GET) but sign
    // as if there were none, others sign the body they send (a Node client's GET).
    const bodies = body.byteLength > 0 ? [body, new Uint8Array()] : [body];
    const signed = bodies.some((bytes) =>
      candidates.some((candidate) => hexDigestsMatch(sharedKeyHex(bytes, candidate, merchant.sharedKey.key), parsed.hex)),
    );
    if (!signed) {
      const principal = { username: merchant.sharedKey.username, merchantId: merchant.id };
      throw authFailed(
        c,
        'sharedkey:bad-signature',
        unauthorized(
          'Signature_Mismatch',
          `The SharedKey signature of '${parsed.username}' does not match. The sandbox hashed the ${body.byteLength} body bytes ` +
            `exactly as received${body.byteLength ? ' (and an empty body)' : ''} + the path ${candidates.map((p) => `'${p}'`).join(' (also tried ')}${candidates.length > 1 ? ')' : ''} ` +
            `+ the ${env} shared key of this username. Hash the exact bytes you send (do not re-encode the JSON), the path ` +
            `without scheme and host, and compare with: npx checkout-sandbox sign --env ${deps.env} --username ${parsed.username} ` +
            `--key <sharedKey> --path '${candidates[0]}'${body.byteLength ? ' --body <file with the body>' : ''}`,
        ),
        { principal, nearMiss: signedInstead(c, bodies, path, merchant.sharedKey.key, parsed.hex) },
      );
    }

    try {
      assertPathStore(c, merchant);
    } catch (error) {
      throw authFailed(c, 'sharedkey:wrong-store', error as Refusal, {
        principal: { username: merchant.sharedKey.username, merchantId: merchant.id },
      });
    }
    noteAuth(c, 'sharedkey:ok', { username: merchant.sharedKey.username, merchantId: merchant.id });
    c.set('caller', { scheme: 'sharedkey', merchantId: merchant.id, username: merchant.sharedKey.username });
  };
}

/**
 * For the journal's near misses: what the client did sign, among the usual mistakes (the
 * local /{env}/{surface} prefix or the full URL hashed, a trailing slash, the wrong case).
 * Only runs on a failed signature.
 */
function signedInstead(c: Context<SurfaceEnv>, bodies: Uint8Array[], path: string, key: string, hex: string): NearMiss | null {
  const url = new URL(c.req.url);
  const local = url.pathname.endsWith(path) && url.pathname !== path ? url.pathname.slice(0, url.pathname.length - path.length) : '';
  const tries: [string, string][] = [
    [
      `${local}${path}`,
      `the path with the sandbox's local prefix '${local}' was signed; sign the path as the real host sees it: '${path}'`,
    ],
    [`${url.origin}${url.pathname}`, `the full URL was signed; sign the path only: '${path}'`],
    [path.endsWith('/') ? path.slice(0, -1) : `${path}/`, `a trailing slash differs: sign '${path}' exactly as sent`],
    [path.toLowerCase(), `the path was signed in lower case; sign '${path}' exactly as sent`],
    [`${path}${url.search}`, `the query was signed but not sent the same way; sign '${path}'`],
  ];
  for (const [candidate, differs] of tries) {
    if (candidate === path || (candidate === `${local}${path}` && local === '')) continue;
    if (bodies.some((bytes) => hexDigestsMatch(sharedKeyHex(bytes, candidate, key), hex)))
      return { kind: 'sharedkey-path', closest: path, differs };
  }
  return {
    kind: 'sharedkey-signature',
    closest: path,
    differs: 'no usual mistake explains it: the shared key or the body bytes differ from what was hashed',
  };
}

/** Old-style paths carry the store: it must be one of the signing merchant's stores. */
function assertPathStore(c: Context<SurfaceEnv>, merchant: Merchant): void {
  const storeId = c.req.param('storeId');
  if (storeId === undefined) return;
  if (merchant.stores.some((store) => store.id === storeId)) return;
  throw Refusal.single(
    403,
    'Forbidden',
    `Wrong StoreId: store '${storeId}' in the path is not one of your stores (${merchant.stores.map((s) => s.id).join(', ')}).`,
  );
}

/** The path and query exactly as on the request line (no normalisation, no decoding). */
export function pathAsSent(pathAndQuery: string): { path: string; query: string } {
  const rest = pathAndQuery;
  const question = rest.indexOf('?');
  return question === -1 ? { path: rest, query: '' } : { path: rest.slice(0, question), query: rest.slice(question + 1) };
}

function headerProblem(deps: SharedKeyDeps, problem: 'missing' | 'scheme' | 'garbled', value: string): Refusal {
  if (problem === 'missing') {
    return unauthorized(
      'Missing_Authorization',
      `No Authorization header. This host authenticates every call with ${SIGN_HINT}; ` +
        `\`npx checkout-sandbox sign --env ${deps.env} ...\` prints one.`,
    );
  }
  if (problem === 'scheme') {
    const scheme = value.trim().split(/\s+/)[0] ?? '';
    return unauthorized(
      'Malformed_Authorization',
      `The Authorization header uses the '${scheme}' scheme; this host takes only ${SIGN_HINT}. ` +
        `Bearer tokens are for the current API at ${deps.urls.baseUrl(deps.env, 'api')}.`,
    );
  }
  return unauthorized(
    'Malformed_Authorization',
    `The SharedKey header could not be read: after 'SharedKey ' expected base64 of 'username:<64 hex digits of SHA-256>'.`,
  );
}

function unauthorized(reason: string, message: string): Refusal {
  return Refusal.single(401, reason, message, { 'www-authenticate': 'SharedKey' });
}
