/**
 * The identity provider's routes (src/routes/token.ts), on the auth surface and the api
 * surface (which shares the host). Every answer is in Entra's shape.
 */
import { tokenRequestSchema } from '../../domain/schemas/token.js';
import { TOKEN_PATH } from '../../identity/token-request.js';
import { type RouteDoc, route } from '../operation.js';

export const IDENTITY_ROUTES: RouteDoc[] = [
  route('post', TOKEN_PATH, {
    summary: 'Client-credentials token',
    description: 'Client id and secret in the form or as HTTP Basic. Other methods answer AADSTS900561.',
    body: { schema: tokenRequestSchema, name: 'TokenRequest', contentType: ['application/x-www-form-urlencoded', 'multipart/form-data'] },
    responses: { '200': 'Token', '4XX': 'OAuthError', '429': 'TooManyRequests', '5XX': 'OAuthError' },
  }),
  route('get', '/:tenant/v2.0/.well-known/openid-configuration', { summary: 'OpenID discovery document', responses: { '200': 'OpenIdConfiguration', '4XX': 'OAuthError', '5XX': 'OAuthError' } }),
  route('get', '/:tenant/discovery/v2.0/keys', { summary: 'Signing keys (JWKS)', responses: { '200': 'Jwks', '4XX': 'OAuthError', '5XX': 'OAuthError' } }),
];
