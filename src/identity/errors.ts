/**
 * The token endpoint's AADSTS error catalogue and response shape (docs/real-service.md, "Token endpoint failures").
 *
 * Statuses, `error` values and message templates are the wire values real clients see; only
 * the ids and names inside them are the sandbox's. Apps must branch on `error`, never on the
 * text, so where the sandbox has advice for the developer it goes in an `x-sandbox-hint`
 * header instead of changing the text.
 */
import { randomUUID } from 'node:crypto';
import { jsonResponse } from '../http/response.js';

export interface TokenFailure {
  code: number;
  status: number;
  error: string;
  message: string;
  /** Sandbox advice, sent as the x-sandbox-hint header (never inside the AADSTS text). */
  hint?: string;
}

function failure(code: number, status: number, error: string, message: string): TokenFailure {
  return { code, status, error, message };
}

export const AADSTS = {
  missingParameter: (name: string) =>
    failure(900144, 400, 'invalid_request', `The request body must contain the following parameter: '${name}'.`),
  /** A field the credential needs is missing (MissingRequiredField): Entra's answer to a client-credentials request without scope. */
  missingField: (name: string) =>
    failure(
      90014,
      400,
      'invalid_request',
      `The required field '${name}' is missing from the credential. Ensure that you have all the necessary parameters for the login request.`,
    ),
  unsupportedGrantType: (grantType: string) =>
    failure(70003, 400, 'unsupported_grant_type', `The app requested an unsupported grant type '${grantType}'.`),
  missingSecret: () =>
    failure(
      7000216,
      401,
      'invalid_client',
      "'client_assertion', 'client_secret' or 'request' is required for the 'client_credentials' grant type.",
    ),
  invalidSecret: (appId: string) =>
    failure(
      7000215,
      401,
      'invalid_client',
      'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, ' +
        `not the client secret ID, for a secret added to app '${appId}'.`,
    ),
  expiredSecret: (appId: string) =>
    failure(
      7000222,
      401,
      'invalid_client',
      `The provided client secret keys for app '${appId}' are expired. Visit the Azure portal to create new keys for your app: ` +
        'https://aka.ms/NewClientSecret, or consider using certificate credentials for added security: https://aka.ms/certCreds.',
    ),
  unknownClient: (clientId: string, directory: string) =>
    failure(
      700016,
      400,
      'unauthorized_client',
      `Application with identifier '${clientId}' was not found in the directory '${directory}'. This can happen if the application ` +
        'has not been installed by the administrator of the tenant or consented to by any user in the tenant. ' +
        'You may have sent your authentication request to the wrong tenant.',
    ),
  unknownTenant: (tenant: string) =>
    failure(
      90002,
      400,
      'invalid_tenant',
      `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud. ` +
        'Check with your subscription administrator, this may happen if there are no active subscriptions for the tenant.',
    ),
  invalidScope: (scope: string) =>
    failure(
      70011,
      400,
      'invalid_scope',
      `The provided value for the input parameter 'scope' is not valid. The scope ${scope} is not valid.`,
    ),
  scopeWithoutDefault: (scope: string) =>
    failure(
      1002012,
      400,
      'invalid_scope',
      `The provided value for scope ${scope} is not valid. Client credential flows must have a scope value with /.default ` +
        'suffixed to the resource identifier (application ID URI).',
    ),
  multipleResources: (scope: string) =>
    failure(
      700022,
      400,
      'invalid_scope',
      `The provided value for the input parameter scope is not valid because it contains more than one resource. Scope ${scope} is not valid.`,
    ),
  unknownResource: (resource: string, directory: string) =>
    failure(
      500011,
      400,
      'invalid_resource',
      `The resource principal named ${resource} was not found in the tenant named ${directory}. This can happen if the application ` +
        'has not been installed by the administrator of the tenant or consented to by any user in the tenant. ' +
        'You might have sent your authentication request to the wrong tenant.',
    ),
  methodNotAllowed: (method: string) =>
    failure(900561, 400, 'invalid_request', `The endpoint only accepts POST requests. Received a ${method} request.`),
};

export function withHint(f: TokenFailure, hint: string): TokenFailure {
  return { ...f, hint };
}

/** The ids every identity response carries: trace_id = x-ms-request-id, correlation_id echoes the client's. */
export interface Trace {
  traceId: string;
  correlationId: string;
  /** yyyy-MM-dd HH:mm:ssZ in sandbox time. */
  timestamp: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Entra echoes `client-request-id` (MSAL) or `x-ms-client-request-id` (Azure SDKs) as the
 * correlation id when it is a GUID, and makes up a fresh one otherwise.
 */
export function traceFor(headers: Headers, now: Date): Trace {
  const sent = headers.get('client-request-id') ?? headers.get('x-ms-client-request-id');
  return {
    traceId: randomUUID(),
    correlationId: sent && GUID.test(sent.trim()) ? sent.trim().toLowerCase() : randomUUID(),
    timestamp: aadTimestamp(now),
  };
}

/** Entra's timestamp form: a space between date and time, no fractional seconds. */
export function aadTimestamp(now: Date): string {
  return `${now.toISOString().slice(0, 19).replace('T', ' ')}Z`;
}

export interface TokenErrorBody {
  error: string;
  error_description: string;
  error_codes: number[];
  timestamp: string;
  trace_id: string;
  correlation_id: string;
  error_uri: string;
}

export function tokenErrorBody(f: TokenFailure, trace: Trace): TokenErrorBody {
  return {
    error: f.error,
    error_description: `AADSTS${f.code}: ${f.message}\r\nTrace ID: ${trace.traceId}\r\nCorrelation ID: ${trace.correlationId}\r\nTimestamp: ${trace.timestamp}`,
    error_codes: [f.code],
    timestamp: trace.timestamp,
    trace_id: trace.traceId,
    correlation_id: trace.correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${f.code}`,
  };
}

/** The headers Entra sends on every token-endpoint answer, success or failure (docs/real-service.md, "Token endpoint headers"). */
export function identityHeaders(trace: Trace): Record<string, string> {
  return {
    'cache-control': 'no-store, no-cache',
    pragma: 'no-cache',
    expires: '-1',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-xss-protection': '0',
    p3p: 'CP="DSP CUR OTPi IND OTRi ONL FIN"',
    'x-ms-request-id': trace.traceId,
    'x-ms-ests-server': '2.1.0 - SANDBOX ProdSlices',
  };
}

export function tokenErrorResponse(f: TokenFailure, trace: Trace): Response {
  const headers = identityHeaders(trace);
  // Header values must be printable ASCII: a hint must never turn an answer into a 500.
  if (f.hint) headers['x-sandbox-hint'] = f.hint.replace(/[^\x20-\x7e]/g, '?');
  return jsonResponse(tokenErrorBody(f, trace), f.status, headers);
}
