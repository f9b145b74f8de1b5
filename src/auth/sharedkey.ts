/**
 * SharedKey verification on the legacy and retired surfaces. PLACEHOLDER: checkout issue.
 */
import type { MiddlewareHandler } from 'hono';
import type { SurfaceContext } from '../context.js';
import { CheckoutApiError } from '../http/envelope.js';
import type { SurfaceEnv } from '../http/types.js';

export function sharedKeyAuth(_ctx: SurfaceContext): MiddlewareHandler<SurfaceEnv> {
  return async () => {
    throw CheckoutApiError.single(401, 'Unauthorized', 'SharedKey is not implemented yet.');
  };
}
