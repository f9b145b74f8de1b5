/**
 * The current interface ({base_url}): new path style, bearer tokens only, order
 * administration. It shares its host with the token endpoint, so it serves that too.
 */
import type { Hono } from 'hono';
import { bearerAuth } from '../auth/bearer.js';
import type { SurfaceContext } from '../context.js';
import type { SurfaceEnv } from '../http/types.js';
import { registerCheckoutRoutes } from '../routes/checkouts.js';
import { registerOrderRoutes } from '../routes/orders.js';
import { registerIdentityRoutes } from '../routes/token.js';
import { registerTokenizationRoutes } from '../routes/tokenization.js';
import { surfaceApp } from './base.js';

export function createApiSurface(ctx: SurfaceContext): Hono<SurfaceEnv> {
  const app = surfaceApp(ctx);
  registerIdentityRoutes(app, ctx);
  const auth = bearerAuth(ctx);
  registerCheckoutRoutes(app, ctx, { auth, styles: ['new'] });
  registerOrderRoutes(app, ctx, { auth });
  registerTokenizationRoutes(app, ctx, { auth });
  return app;
}
