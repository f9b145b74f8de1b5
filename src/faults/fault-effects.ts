/**
 * What a fired fault rule answers, in the shape the addressed surface answers its own
 * errors, so a client's error handling sees what it would see from the real host: on the
 * token endpoint (auth or api host) OAuth/AADSTS JSON, throttling as Entra's plain-text 429;
 * elsewhere the surface's own dialect for the path, the very function its app answers
 * unserved paths with (src/surfaces/index.ts: problem+json under /manage on api, the
 * checkout envelope elsewhere on api, legacy and retired, OAuth errors on auth, the page's
 * {"error": {"status", "message"}} on frontend).
 * Every message says it is an injected fault and names the rule; the `x-sandbox-fault`
 * header carries the rule's id.
 */
import type { FaultRule } from '../domain/fault-rule.js';
import type { EnvName, SurfaceName } from '../hosts.js';
import { StatusResponse, jsonResponse } from '../http/response.js';
import type { Dialect } from '../http/types.js';
import { Refusal } from '../http/refusal.js';
import { refuseConnection } from '../http/refuse.js';
import { type TokenFailure, tokenErrorResponse, traceFor } from '../identity/errors.js';
import { tooManyRequests } from '../identity/ratelimit.js';
import { TOKEN_PATH } from '../identity/token-request.js';

/** Each surface's dialect for a path, as its app answers what no operation serves (src/surfaces/index.ts). */
export type SurfaceDialects = Readonly<Record<SurfaceName, { dialectOf(path: string): Dialect }>>;

export interface FaultedRequest {
  env: EnvName;
  surface: SurfaceName;
  /** The addressed surface's dialect for this request's path. */
  dialect(): Dialect;
  method: string;
  /** The surface path without query or trailing slash. */
  path: string;
  headers: Headers;
  /** Sandbox time (for the AADSTS timestamp). */
  now: Date;
}

export function isTokenPath(path: string): boolean {
  return path.toLowerCase() === TOKEN_PATH;
}

const DEFAULT_RETRY_AFTER = 1;

export function faultResponse(id: string, rule: FaultRule, req: FaultedRequest): Response {
  const response = render(id, rule, req);
  // A refusal is a closed socket: nothing to mark.
  if (rule.effect !== 'refuse') response.headers.set('x-sandbox-fault', id);
  return response;
}

function render(id: string, rule: FaultRule, req: FaultedRequest): Response {
  const what = `Injected fault ${id} (POST /__admin/faults)`;
  switch (rule.effect) {
    case 'refuse':
      return refuseConnection(`${what}: connection closed`);
    case 'identity-outage':
      return tokenFailure(
        req,
        {
          code: 90033,
          status: 503,
          error: 'temporarily_unavailable',
          message: 'A transient error has occurred. Please try again.',
          hint: `${what}: identity outage; the api surface accepts issued tokens up to ext_expires_in while it lasts.`,
        },
        { 'retry-after': String(DEFAULT_RETRY_AFTER) },
      );
    case 'throttle': {
      const seconds = rule.retryAfter ?? DEFAULT_RETRY_AFTER;
      if (isToken(req)) return tooManyRequests(seconds, traceFor(req.headers, req.now).traceId);
      return envelope(req, 429, `${what}: too many requests; retry after ${seconds} s.`, { 'retry-after': String(seconds) });
    }
    case 'status':
    case 'latency': {
      const status = rule.status ?? 503;
      if (rule.body !== undefined) return givenBody(rule.body, status);
      return envelope(req, status, `${what}: HTTP ${status} instead of the ${req.env.toUpperCase()} ${req.surface} surface's answer.`, {});
    }
  }
}

function isToken(req: FaultedRequest): boolean {
  return (req.surface === 'auth' || req.surface === 'api') && isTokenPath(req.path);
}

function envelope(req: FaultedRequest, status: number, message: string, headers: Record<string, string>): Response {
  if (isToken(req)) {
    const error = status === 429 ? 'temporarily_unavailable' : status >= 500 ? 'server_error' : 'invalid_request';
    // 50000: AADSTS "There was an error issuing a token", the generic server-side failure.
    return tokenFailure(
      req,
      { code: 50000, status, error, message: 'There was an error issuing a token or an issue with your sign-in session.', hint: message },
      headers,
    );
  }
  const refusal = Refusal.single(status, 'Injected_Fault', message, headers);
  return req.dialect().render(refusal, req.path);
}

function tokenFailure(req: FaultedRequest, failure: TokenFailure, headers: Record<string, string>): Response {
  const response = tokenErrorResponse(failure, traceFor(req.headers, req.now));
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

function givenBody(body: unknown, status: number): Response {
  if (typeof body === 'string') return new StatusResponse(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } }, status);
  return jsonResponse(body, status);
}
