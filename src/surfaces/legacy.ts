/**
 * The transitional legacy host ({legacy_base_url}): SharedKey, both path styles unchanged.
 * Order administration is new functionality and ships only on the current interface.
 */
import type { Hono } from 'hono';
import { sharedKeyAuth } from '../auth/sharedkey.js';
import type { SurfaceDeps } from '../routes/deps.js';
import { CheckoutApiError } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';
import { registerCheckoutRoutes } from '../routes/checkouts.js';
import { surfaceApp } from './base.js';

export function createLegacySurface(deps: SurfaceDeps): Hono<SurfaceEnv> {
  const app = surfaceApp(deps);
  app.all('/manage/*', () => {
    throw CheckoutApiError.single(
      404,
      'Resource_Not_Found',
      `Order administration (/manage/orders) is only served by the current API with a bearer token: ` +
        `use ${deps.urls.baseUrl(deps.env, 'api')}/manage/orders/{orderId} with a token from ${deps.urls.baseUrl(deps.env, 'auth')}/oauth2/v2.0/token.`,
    );
  });
  registerCheckoutRoutes(app, deps, { auth: sharedKeyAuth(deps), styles: ['old', 'new'] });
  return app;
}
