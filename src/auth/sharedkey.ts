/**
 * SharedKey verification on the legacy and retired surfaces (service-facts §2).
 *
 * The signature covers the raw body bytes as received and the path as the client sent it
 * (with its query string when there is one; the plain path is accepted too, since no
 * observed client sends a query and a signer may leave it out). The gateway has already
 * stripped the local /{env}/{surface} prefix, so the path is the one the client hashed.
 * Failures answer 401 with a reason per cause and never reveal the expected value.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { SurfaceDeps } from '../surfaces/deps.js';
import type { Merchant } from '../domain/model.js';
import { rawBodyOf } from '../http/body.js';
import { CheckoutApiError } from '../http/envelope.js';
import { type SurfaceEnv, pathAndQueryOf } from '../http/types.js';

type SharedKeyDeps = Pick<SurfaceDeps, 'env' | 'urls' | 'services'>;
import { hexDigestsMatch, parseSharedKeyHeader, sharedKeyHex } from './sharedkey-signature.js';

const SIGN_HINT = 'Authorization: SharedKey base64(username + ":" + sha256hex(body + path + sharedKey))';

export function sharedKeyAuth(deps: SharedKeyDeps): MiddlewareHandler<SurfaceEnv> {
  const env = deps.env.toUpperCase();
  return async (c, next) => {
    const parsed = parseSharedKeyHeader(c.req.header('authorization'));
    if (!parsed.ok) throw headerProblem(deps, parsed.problem, c.req.header('authorization') ?? '');

    const merchant = deps.services.merchants.bySharedKeyUsername(parsed.username);
    if (!merchant) {
      throw unauthorized(
        'Unknown_Username',
        `Unknown SharedKey username '${parsed.username}' in ${env}. Use the username you were onboarded with for ${env} ` +
          `(UAT and PROD credentials differ; GET /__admin/${deps.env}/merchants lists the sandbox's).`,
      );
    }

    const body = await rawBodyOf(c);
    const { path, query } = pathAsSent(pathAndQueryOf(c.req.url, c.env));
    const candidates = query === '' ? [path] : [`${path}?${query}`, path];
    // Over the bytes received, and over "" too: some clients send a body (even on GET) but sign
    // as if there were none, others sign the body they send (a Node client's GET) (issue 10).
    const bodies = body.byteLength > 0 ? [body, new Uint8Array()] : [body];
    const signed = bodies.some((bytes) =>
      candidates.some((candidate) => hexDigestsMatch(sharedKeyHex(bytes, candidate, merchant.sharedKey.key), parsed.hex)),
    );
    if (!signed) {
      throw unauthorized(
        'Signature_Mismatch',
        `The SharedKey signature of '${parsed.username}' does not match. The sandbox hashed the ${body.byteLength} body bytes ` +
          `exactly as received${body.byteLength ? ' (and an empty body)' : ''} + the path ${candidates.map((p) => `'${p}'`).join(' (also tried ')}${candidates.length > 1 ? ')' : ''} ` +
          `+ the ${env} shared key of this username. Hash the exact bytes you send (do not re-encode the JSON), the path ` +
          `without scheme and host, and compare with: npx checkout-sandbox sign --env ${deps.env} --username ${parsed.username} ` +
          `--key <sharedKey> --path '${candidates[0]}'${body.byteLength ? ' --body <file with the body>' : ''}`,
      );
    }

    assertPathStore(c, merchant);
    c.set('caller', { scheme: 'sharedkey', merchantId: merchant.id, username: merchant.sharedKey.username });
    await next();
  };
}

/** Old-style paths carry the store: it must be one of the signing merchant's stores. */
function assertPathStore(c: Context<SurfaceEnv>, merchant: Merchant): void {
  const storeId = c.req.param('storeId');
  if (storeId === undefined) return;
  if (merchant.stores.some((store) => store.id === storeId)) return;
  throw CheckoutApiError.single(
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

function headerProblem(deps: SharedKeyDeps, problem: 'missing' | 'scheme' | 'garbled', value: string): CheckoutApiError {
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

function unauthorized(reason: string, message: string): CheckoutApiError {
  return CheckoutApiError.single(401, reason, message, { 'www-authenticate': 'SharedKey' });
}
