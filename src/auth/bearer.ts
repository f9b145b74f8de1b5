/**
 * Bearer checks on the api surface. PLACEHOLDER: implemented by the identity issue.
 */
import type { MiddlewareHandler } from 'hono';
import type { SurfaceContext } from '../context.js';
import { CheckoutApiError } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';

export function bearerAuth(_ctx: SurfaceContext): MiddlewareHandler<SurfaceEnv> {
  return async () => {
    throw CheckoutApiError.single(401, 'Unauthorized', 'Bearer tokens are not implemented yet.', { 'www-authenticate': 'Bearer' });
  };
}
