/**
 * Checkout routes in both path styles. PLACEHOLDER: implemented by the checkout issue.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { SurfaceContext } from '../context.js';
import type { SurfaceEnv } from '../http/types.js';

export type PathStyle = 'new' | 'old';

export interface CheckoutRouteOptions {
  auth: MiddlewareHandler<SurfaceEnv>;
  styles: PathStyle[];
}

export function registerCheckoutRoutes(_app: Hono<SurfaceEnv>, _ctx: SurfaceContext, _options: CheckoutRouteOptions): void {}
