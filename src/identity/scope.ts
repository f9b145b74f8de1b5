/**
 * The client-credentials `scope` check: exactly one resource, named by its id plus
 * `/.default`, and that resource must exist in this environment's tenant. The other
 * environment's scope fails as any unknown resource does on the real platform (AADSTS500011):
 * the resource simply does not exist in that tenant.
 */
import { ENVIRONMENTS } from '../hosts.js';
import { AADSTS, type TokenFailure, withHint } from './errors.js';
import { TENANTS, type Tenant } from './tenants.js';

export type ScopeCheck = { ok: true; resourceId: string } | { ok: false; failure: TokenFailure };

/** RFC 6749 §3.3 scope-token characters: %x21 / %x23-5B / %x5D-7E (no space, quote or backslash). */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
const DEFAULT_SUFFIX = '/.default';
/** OpenID scopes a client may add; they name no resource. */
const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);

export function checkScope(scope: string, tenant: Tenant): ScopeCheck {
  const expected = `Send scope=${tenant.scope} (the ${tenant.env.toUpperCase()} constant).`;
  const tokens = scope.split(/[ \t\r\n]+/).filter((t) => t !== '');
  if (tokens.some((t) => !SCOPE_TOKEN.test(t))) {
    return fail(AADSTS.invalidScope(scope), `The scope contains characters a scope cannot hold. ${expected}`);
  }
  const resourceScopes = tokens.filter((t) => !OIDC_SCOPES.has(t.toLowerCase()));
  const withoutDefault = resourceScopes.find((t) => !t.toLowerCase().endsWith(DEFAULT_SUFFIX));
  if (resourceScopes.length === 0 || withoutDefault !== undefined) {
    return fail(AADSTS.scopeWithoutDefault(scope), `Client credentials need '<resource id>/.default'. ${expected}`);
  }
  const resources = resourceScopes.map((t) => t.slice(0, -DEFAULT_SUFFIX.length));
  if (resources.some((r) => r === '' || r.endsWith('/'))) {
    return fail(AADSTS.invalidScope(scope), `The scope names no resource before /.default. ${expected}`);
  }
  const distinct = [...new Set(resources.map((r) => r.toLowerCase()))];
  if (distinct.length > 1) {
    return fail(AADSTS.multipleResources(scope), `A token is for exactly one resource. ${expected}`);
  }
  const resource = resources[0] as string;
  if (distinct[0] === tenant.resourceId) return { ok: true, resourceId: tenant.resourceId };
  const other = ENVIRONMENTS.map((env) => TENANTS[env]).find((t) => t.resourceId === distinct[0]);
  const hint = other
    ? `That is the ${other.env.toUpperCase()} scope, sent to the ${tenant.env.toUpperCase()} token endpoint. ${expected}`
    : `No such resource in this environment. ${expected}`;
  return fail(AADSTS.unknownResource(resource, tenant.displayName), hint);
}

function fail(failure: TokenFailure, hint: string): ScopeCheck {
  return { ok: false, failure: withHint(failure, hint) };
}
