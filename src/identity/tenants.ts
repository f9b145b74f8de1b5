/**
 * The identity provider's directory per environment: the tenant that issues the tokens and
 * the one resource (the checkout API's app registration) a client may request a token for.
 *
 * The scope GUIDs are the real platform's published constants; the tenant GUIDs and names
 * are the sandbox's own (the real ones are not published) and stay fixed, because the
 * issuer of every token and every discovery document is derived from them.
 */
import type { EnvName } from '../hosts.js';

export interface Tenant {
  env: EnvName;
  /** The directory (tenant) id: the token's `tid` and the `{tenant}` of the discovery paths. */
  tenantId: string;
  /** A verified domain name, accepted in discovery paths as Entra accepts one. */
  domain: string;
  /** The directory's display name, as AADSTS messages quote it. */
  displayName: string;
  /** The checkout API's application id: the token's `aud`. */
  resourceId: string;
  /** What a client must send as `scope`. */
  scope: string;
  /** The token's `iss`, and the `issuer` of the discovery document and the JWKS keys. */
  issuer: string;
}

/** Entra's v2 issuer form: https://login.microsoftonline.com/{tid}/v2.0 */
function issuerFor(tenantId: string): string {
  return `https://login.microsoftonline.com/${tenantId}/v2.0`;
}

/** The template issuer Entra publishes on tenant-independent endpoints (common, organizations). */
export const ISSUER_TEMPLATE = issuerFor('{tenantid}');

function tenant(env: EnvName, tenantId: string, domain: string, displayName: string, resourceId: string): Tenant {
  return { env, tenantId, domain, displayName, resourceId, scope: `${resourceId}/.default`, issuer: issuerFor(tenantId) };
}

export const TENANTS: Record<EnvName, Tenant> = {
  uat: tenant(
    'uat',
    'b5e2c8a1-4f3d-4e6b-9a72-1d8c3f5e7a90',
    'walleyuat.onmicrosoft.com',
    'Walley UAT',
    '705798e0-8cef-427c-ae00-6023deba29af',
  ),
  prod: tenant(
    'prod',
    'e3a7d2f6-9c41-4b8e-8d05-6f2a1c9b4e37',
    'walleyprod.onmicrosoft.com',
    'Walley',
    'a3f3019f-2be9-41cc-a254-7bb347238e89',
  ),
};

/** Tenant-independent aliases Entra serves discovery for, with the template issuer. */
const MULTI_TENANT_ALIASES = ['common', 'organizations'];

export type TenantMatch = { kind: 'tenant'; tenant: Tenant } | { kind: 'multi-tenant'; alias: string } | { kind: 'unknown' };

/** Which directory a `{tenant}` path segment names in this environment (GUIDs and domains case-insensitively). */
export function matchTenant(env: EnvName, segment: string): TenantMatch {
  const value = segment.toLowerCase();
  const own = TENANTS[env];
  if (value === own.tenantId || value === own.domain) return { kind: 'tenant', tenant: own };
  if (MULTI_TENANT_ALIASES.includes(value)) return { kind: 'multi-tenant', alias: value };
  return { kind: 'unknown' };
}
