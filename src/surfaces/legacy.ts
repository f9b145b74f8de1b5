/**
 * The transitional legacy host ({legacy_base_url}): SharedKey, both path styles unchanged.
 * Order administration is new functionality and ships only on the current interface.
 */
import { sharedKeyAuth } from '../auth/sharedkey.js';
import { checkoutDialect } from '../http/dialects/checkout.js';
import type { AnyOperation } from '../http/operation.js';
import { Refusal } from '../http/refusal.js';
import type { Surface } from '../http/types.js';
import { checkoutHandlers } from '../routes/checkout-handlers.js';
import { type CheckoutTableDeps, checkoutOperations } from '../routes/checkout-operations.js';
import type { SurfaceDeps } from '../routes/deps.js';
import { type SurfaceDefinition, surfaceApp } from './base.js';

export const LEGACY_OPERATIONS: readonly AnyOperation<SurfaceDeps & CheckoutTableDeps>[] = checkoutOperations(['new', 'old'], 'sharedKey');

const MANAGE = /^\/manage(\/|$)/;
const dialectOf = () => checkoutDialect;

export function createLegacySurface(deps: SurfaceDeps): Surface {
  return surfaceApp({ ...deps, checkoutHandlers: checkoutHandlers(deps) }, LEGACY_OPERATIONS, {
    authenticate: { sharedKey: sharedKeyAuth(deps) },
    authDialect: checkoutDialect,
    dialectOf,
    unmatched: (_method, path) =>
      MANAGE.test(path)
        ? Refusal.single(
            404,
            'Resource_Not_Found',
            `Order administration (/manage/orders) is only served by the current API with a bearer token: ` +
              `use ${deps.urls.baseUrl(deps.env, 'api')}/manage/orders/{orderId} with a token from ${deps.urls.baseUrl(deps.env, 'auth')}/oauth2/v2.0/token.`,
          )
        : null,
  });
}

export const LEGACY_SURFACE: SurfaceDefinition = { operations: LEGACY_OPERATIONS, create: createLegacySurface, dialectOf };
