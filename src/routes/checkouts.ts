/**
 * Checkout routes in both path styles (service-facts §5, §7). The new style is what the
 * current API serves with bearer tokens; the legacy and retired hosts serve both styles
 * with SharedKey ("all paths stay the same in either path style"). Trailing slashes match
 * because surface apps are non-strict (WooCommerce PUTs /checkouts/{id}/).
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { SurfaceEnv } from '../http/types.js';
import { type CheckoutHandlerDeps, type CheckoutHandlers, checkoutHandlers } from './checkout-handlers.js';

export type PathStyle = 'new' | 'old';

export interface CheckoutRouteOptions {
  auth: MiddlewareHandler<SurfaceEnv>;
  styles: PathStyle[];
}

export type Route = [method: 'get' | 'post' | 'put', path: string, handler: keyof CheckoutHandlers];

export const NEW_STYLE: Route[] = [
  ['post', '/checkouts', 'initialize'],
  ['get', '/checkouts/:privateId', 'get'],
  ['put', '/checkouts/:privateId', 'updateWhole'],
  ['put', '/checkouts/:privateId/cart', 'updateCart'],
  ['put', '/checkouts/:privateId/fees', 'updateFees'],
  ['put', '/checkouts/:privateId/reference', 'updateReference'],
  ['put', '/checkouts/:privateId/metadata', 'updateMetadata'],
  ['post', '/checkouts/:privateId/paylink', 'paylink'],
  ['post', '/widgets', 'widget'],
];

/** Old style: the storeId is in the body on initialize and in the path afterwards. */
export const OLD_STYLE: Route[] = [
  ['post', '/checkout', 'initialize'],
  ['get', '/merchants/:storeId/checkouts/:privateId', 'get'],
  ['put', '/merchants/:storeId/checkouts/:privateId/cart', 'updateCart'],
  ['put', '/merchants/:storeId/checkouts/:privateId/fees', 'updateFees'],
  ['put', '/merchants/:storeId/checkouts/:privateId/reference', 'updateReference'],
  ['put', '/merchants/:storeId/checkouts/:privateId/metadata', 'updateMetadata'],
  ['post', '/merchants/:storeId/checkouts/:privateId/paylink', 'paylink'],
  ['post', '/widget', 'widget'],
];

export function registerCheckoutRoutes(app: Hono<SurfaceEnv>, deps: CheckoutHandlerDeps, options: CheckoutRouteOptions): void {
  const handlers = checkoutHandlers(deps);
  const routes = [...(options.styles.includes('new') ? NEW_STYLE : []), ...(options.styles.includes('old') ? OLD_STYLE : [])];
  for (const [method, path, name] of routes) app[method](path, options.auth, handlers[name]);
}
