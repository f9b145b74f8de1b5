/**
 * The identity provider's host: token endpoint, discovery and keys. Its unknown paths
 * answer in the OAuth error shape, since OAuth clients are what call it.
 */
import type { Hono } from 'hono';
import type { SurfaceDeps } from '../routes/deps.js';
import { jsonResponse } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';
import { registerIdentityRoutes } from '../routes/token.js';
import { surfaceApp } from './base.js';

export function createAuthSurface(deps: SurfaceDeps): Hono<SurfaceEnv> {
  const app = surfaceApp(deps, (error) =>
    jsonResponse({ error: error.status === 404 ? 'not_found' : 'invalid_request', error_description: error.message }, error.status, error.headers),
  );
  registerIdentityRoutes(app, deps);
  return app;
}
