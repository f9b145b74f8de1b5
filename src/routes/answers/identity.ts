/**
 * The identity provider's answers (src/routes/identity-operations.ts, src/identity/discovery.ts), as zod
 * schemas of what is sent, in Entra's shape (docs/real-service.md, "The identity provider"): the access token, the
 * OpenID discovery document and the JWKS. Errors are Entra's OAuth errors (src/http/envelopes.ts).
 */
import { z } from 'zod';
import { generated } from '../../http/envelopes.js';

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const seconds = (description: string) => z.number().int().positive().meta({ description });

/** 200 of POST /oauth2/v2.0/token: the fields in the order Entra sends them. */
export const tokenSchema = z
  .strictObject({
    token_type: z.literal('Bearer'),
    expires_in: seconds('Seconds the token is valid (3599 by default; the API client or /__admin/tokens may change it).'),
    ext_expires_in: seconds('Seconds the token stays accepted during an identity outage.'),
    access_token: generated(z.string().regex(JWT), 'A v2 app-only JWT (RS256), for Authorization: Bearer.'),
  })
  .meta({ description: 'A client-credentials access token (no refresh token in this flow).' });

const url = z.url();

/** 200 of GET /{tenant}/v2.0/.well-known/openid-configuration. */
export const openIdConfigurationSchema = z
  .strictObject({
    token_endpoint: url.meta({ description: "The sandbox's token endpoint (without a tenant segment, as Walley serves it)." }),
    token_endpoint_auth_methods_supported: z.array(z.enum(['client_secret_post', 'private_key_jwt', 'client_secret_basic'])),
    jwks_uri: url,
    response_modes_supported: z.array(z.string()),
    subject_types_supported: z.array(z.string()),
    id_token_signing_alg_values_supported: z.array(z.literal('RS256')),
    response_types_supported: z.array(z.string()),
    scopes_supported: z.array(z.string()),
    issuer: z.string().meta({
      description: 'https://login.microsoftonline.com/<tenant id>/v2.0, as in the tokens; the {tenantid} template on common/organizations.',
    }),
    request_uri_parameter_supported: z.boolean(),
    userinfo_endpoint: url,
    authorization_endpoint: url.meta({ description: 'Listed for completeness: only the client-credentials grant is served.' }),
    device_authorization_endpoint: url,
    http_logout_supported: z.boolean(),
    frontchannel_logout_supported: z.boolean(),
    end_session_endpoint: url,
    claims_supported: z.array(z.string()),
    kerberos_endpoint: url,
    tenant_region_scope: z.string(),
    cloud_instance_name: z.string(),
    cloud_graph_host_name: z.string(),
    msgraph_host: z.string(),
    rbac_url: url,
  })
  .meta({ description: "The tenant's OpenID discovery document, consistent with the tokens (same issuer, same keys)." });

const jwkSchema = z.strictObject({
  kty: z.literal('RSA'),
  use: z.literal('sig'),
  kid: generated(z.string().min(1), "The token header's kid."),
  x5t: generated(z.string().min(1), "The certificate's SHA-1 thumbprint, base64url."),
  n: generated(z.string().regex(/^[A-Za-z0-9_-]+$/), 'RSA modulus, base64url.'),
  e: generated(z.string().regex(/^[A-Za-z0-9_-]+$/), 'RSA exponent, base64url (AQAB).'),
  x5c: z
    .array(generated(z.string().regex(/^[A-Za-z0-9+/]+=*$/), 'The certificate, base64 DER.'))
    .length(1)
    .meta({ description: 'The certificate, base64 DER.' }),
  issuer: z.string().meta({ description: 'The issuer tokens signed with this key carry (v2).' }),
});

/** 200 of GET /{tenant}/discovery/v2.0/keys. */
export const jwksSchema = z.strictObject({ keys: z.array(jwkSchema).min(1) }).meta({ description: 'The signing keys (JWKS).' });
