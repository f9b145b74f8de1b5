/**
 * The OpenID discovery document and the JWKS (docs/real-service.md, "Discovery and keys"), consistent with the
 * tokens: the same issuer, the same kids, so any JOSE library can verify a sandbox token from
 * the served keys. Endpoint URLs point at the sandbox; the issuer keeps Entra's form, because
 * validators compare it with the token's `iss`.
 */
import type { KeyRing } from './keys.js';

export interface DiscoveryInput {
  /** The local base URL of the auth surface, e.g. http://127.0.0.1:4010/uat/auth */
  authBase: string;
  /** The `{tenant}` path segment as the client sent it. */
  tenantSegment: string;
  /** The tenant's issuer, or the `{tenantid}` template on common/organizations. */
  issuer: string;
}

export function openIdConfiguration(input: DiscoveryInput): Record<string, unknown> {
  const tenantBase = `${input.authBase}/${input.tenantSegment}`;
  return {
    // The token path real clients use (Walley serves it without a tenant segment).
    token_endpoint: `${input.authBase}/oauth2/v2.0/token`,
    token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
    jwks_uri: `${tenantBase}/discovery/v2.0/keys`,
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    issuer: input.issuer,
    request_uri_parameter_supported: false,
    userinfo_endpoint: 'https://graph.microsoft.com/oidc/userinfo',
    // Listed for completeness: the sandbox serves only the client-credentials grant.
    authorization_endpoint: `${tenantBase}/oauth2/v2.0/authorize`,
    device_authorization_endpoint: `${tenantBase}/oauth2/v2.0/devicecode`,
    http_logout_supported: true,
    frontchannel_logout_supported: true,
    end_session_endpoint: `${tenantBase}/oauth2/v2.0/logout`,
    claims_supported: [
      'sub',
      'iss',
      'cloud_instance_name',
      'cloud_instance_host_name',
      'cloud_graph_host_name',
      'msgraph_host',
      'aud',
      'exp',
      'iat',
      'auth_time',
      'acr',
      'nonce',
      'preferred_username',
      'name',
      'tid',
      'ver',
      'at_hash',
      'c_hash',
      'email',
    ],
    kerberos_endpoint: `${tenantBase}/kerberos`,
    tenant_region_scope: 'EU',
    cloud_instance_name: 'microsoftonline.com',
    cloud_graph_host_name: 'graph.windows.net',
    msgraph_host: 'graph.microsoft.com',
    rbac_url: 'https://pas.windows.net',
  };
}

export interface JwksKey {
  kty: string;
  use: 'sig';
  kid: string;
  x5t: string;
  n: string;
  e: string;
  x5c: string[];
  issuer: string;
}

export function jwksDocument(ring: KeyRing, issuer: string): { keys: JwksKey[] } {
  return {
    keys: ring.published.map((key) => ({
      kty: key.jwk.kty as string,
      use: 'sig',
      kid: key.kid,
      x5t: key.x5t,
      n: key.jwk.n as string,
      e: key.jwk.e as string,
      x5c: [key.x5c],
      issuer,
    })),
  };
}

/** Entra serves metadata cacheable for a day, to any origin (docs/real-service.md, "Discovery and keys"). */
export const DISCOVERY_HEADERS: Record<string, string> = {
  'cache-control': 'max-age=86400, private',
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
};
