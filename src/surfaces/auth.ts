/**
 * The identity provider's host: token endpoint, discovery and keys. Its unknown paths
 * answer in the OAuth error shape, since OAuth clients are what call it.
 */
import type { Surface } from '../http/types.js';
import { oauthDialect } from '../identity/dialects.js';
import type { SurfaceDeps } from '../routes/deps.js';
import { IDENTITY_OPERATIONS } from '../routes/identity-operations.js';
import { type SurfaceDefinition, surfaceApp } from './base.js';

const AUTH_OPERATIONS = IDENTITY_OPERATIONS;

const dialectOf = () => oauthDialect;

function createAuthSurface(deps: SurfaceDeps): Surface {
  return surfaceApp(deps, AUTH_OPERATIONS, { dialectOf });
}

export const AUTH_SURFACE: SurfaceDefinition = { operations: AUTH_OPERATIONS, create: createAuthSurface, dialectOf };
