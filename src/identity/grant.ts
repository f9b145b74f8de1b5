/**
 * The client-credentials grant's checks, in the order the token endpoint applies them:
 * parameters present → grant type → scope → client known → secret present → secret
 * current → secret right. Each failure is one AADSTS case (docs/real-service.md, "Token endpoint failures").
 */
import type { ApiClient } from '../domain/merchant.js';
import type { EnvName } from '../hosts.js';
import { AADSTS, type TokenFailure, withHint } from './errors.js';
import { checkScope } from './scope.js';
import { secretMatches } from './secrets.js';
import { shippedSecrets } from './shipped-clients.js';
import { editDistance } from '../spelling.js';
import type { Tenant } from './tenants.js';
import type { TokenRequest } from './token-request.js';

export type GrantResult = { ok: true; client: ApiClient } | { ok: false; failure: TokenFailure };

export interface GrantInput {
  tenant: Tenant;
  /** This environment's API client by id (any case). */
  findClient(clientId: string): ApiClient | undefined;
  /** The environment a client id belongs to when it is not this one (for the hint only). */
  elsewhere(clientId: string): EnvName | null;
  /** Where a new client is created, for the hint (worked out only when a refusal is worded). */
  adminUrl(): string;
  nowMs: number;
}

const GRANT = 'client_credentials';

export function checkGrant(request: TokenRequest, input: GrantInput): GrantResult {
  const { tenant } = input;
  if (request.grantType === null) return fail(AADSTS.missingParameter('grant_type'), bodyHint(request));
  if (request.grantType !== GRANT) {
    return fail(AADSTS.unsupportedGrantType(request.grantType), `The sandbox issues tokens by grant_type=${GRANT} only.`);
  }
  if (request.clientId === null) {
    return fail(AADSTS.missingParameter('client_id'), 'Send client_id in the form body or as the user name of HTTP Basic.');
  }
  if (request.scope === null) return fail(AADSTS.missingField('scope'), `Send scope=${tenant.scope}.`);

  const scope = checkScope(request.scope, tenant);
  if (!scope.ok) return scope;

  const client = input.findClient(request.clientId);
  if (!client || client.revokedAt !== null) {
    return fail(AADSTS.unknownClient(request.clientId, tenant.displayName), clientHint(request.clientId, client, input));
  }
  if (request.clientSecret === null) {
    return fail(AADSTS.missingSecret(), 'Send client_secret in the form body or as the password of HTTP Basic.');
  }

  const secret = request.clientSecret;
  const matched = client.secrets.find((s) => secretMatches(secret, s.salt, s.hash));
  const expired = (expiresAt: string | null): boolean => expiresAt !== null && Date.parse(expiresAt) <= input.nowMs;
  const allExpired = client.secrets.length > 0 && client.secrets.every((s) => expired(s.expiresAt));
  if ((matched && expired(matched.expiresAt)) || (!matched && allExpired)) {
    return fail(
      AADSTS.expiredSecret(client.clientId),
      `The secret expired (sandbox time). Issue a new one: POST ${clientsUrl(input, client)}/${client.clientId}/secrets`,
    );
  }
  if (!matched) return fail(AADSTS.invalidSecret(client.clientId), secretHint(secret, client, input));
  return { ok: true, client };
}

/**
 * Why a secret did not match, as far as the sandbox can tell: the secret's ID sent instead of
 * its value; a shipped scenario's client (the README's credentials table), whose secret is
 * there to copy, and may be one character off it; else a lost secret, which cannot be shown again.
 */
function secretHint(secret: string, client: ApiClient, input: GrantInput): string {
  if (client.secrets.some((s) => s.secretId === secret.toLowerCase())) {
    return 'That is the secret ID; send the secret value, shown once when the secret was created.';
  }
  // A shipped scenario's secret for this client that is still one of its current secrets.
  const shipped = shippedSecrets(client.clientId).find((s) =>
    client.secrets.some((current) => secretMatches(s.secret, current.salt, current.hash)),
  );
  if (shipped) {
    const where = `the '${shipped.scenario}' scenario's secret for this client, in the README's credentials table (scenarios/${shipped.scenario}.yaml)`;
    return editDistance(secret, shipped.secret) === 1 ? `The secret is one character off ${where}.` : `Send ${where}.`;
  }
  return `The secret does not match any current secret of this client. A lost secret cannot be shown again: issue a new one: POST ${clientsUrl(input, client)}/${client.clientId}/secrets`;
}

/**
 * The admin URL of the merchant's API clients, its id percent-encoded: a hint is a header value,
 * which carries ASCII only, and the URL then works as pasted whatever the id's letters.
 */
function clientsUrl(input: GrantInput, client: ApiClient): string {
  return `${input.adminUrl()}/${encodeURIComponent(client.merchantId)}/api-clients`;
}

function fail(failure: TokenFailure, hint: string): GrantResult {
  return { ok: false, failure: withHint(failure, hint) };
}

function bodyHint(request: TokenRequest): string {
  switch (request.bodyKind) {
    case 'json':
      return 'The token endpoint reads form bodies only: send application/x-www-form-urlencoded (or multipart/form-data), not JSON.';
    case 'other':
      return 'The body was not read: send it as application/x-www-form-urlencoded (or multipart/form-data).';
    case 'empty':
      return 'The body is empty: send grant_type=client_credentials, client_id, client_secret and scope as a form.';
    default:
      return 'Send grant_type=client_credentials.';
  }
}

function clientHint(clientId: string, client: ApiClient | undefined, input: GrantInput): string {
  if (client) return `This API client was revoked (${client.revokedAt}). Create a new one: POST ${clientsUrl(input, client)}`;
  const other = input.elsewhere(clientId);
  if (other) {
    return `This client id belongs to ${other.toUpperCase()}; this is the ${input.tenant.env.toUpperCase()} token endpoint. Use each environment's own credentials.`;
  }
  return `No API client with this id in ${input.tenant.env.toUpperCase()}. Create one: POST ${input.adminUrl()}/{merchantId}/api-clients`;
}
