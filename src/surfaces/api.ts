/**
 * The current interface ({base_url}): new path style, bearer tokens only, order
 * administration. It shares its host with the token endpoint, so it serves that too.
 */
import type { Hono } from 'hono';
import { bearerAuth } from '../auth/bearer.js';
import type { SurfaceDeps } from '../routes/deps.js';
import type { SurfaceEnv } from '../http/types.js';
import { registerCheckoutRoutes } from '../routes/checkouts.js';
import { registerOrderRoutes } from '../routes/orders.js';
import { registerIdentityRoutes } from '../routes/token.js';
import { registerTokenizationRoutes } from '../routes/tokenization.js';
import { surfaceApp } from './base.js';

export function createApiSurface(deps: SurfaceDeps): Hono<SurfaceEnv> {
  const app = surfaceApp(deps);
  registerIdentityRoutes(app, deps);
  const auth = bearerAuth(deps);
  registerCheckoutRoutes(app, deps, { auth, styles: ['new'] });
  registerOrderRoutes(app, deps, { auth });
  registerTokenizationRoutes(app, deps, { auth });
  return app;
}
