/**
 * The current interface ({base_url}): new path style, bearer tokens only, order
 * administration and tokenization. It shares its host with the token endpoint, so it serves
 * that too. Failed authentication answers in the checkout envelope everywhere on this host;
 * what no operation serves answers as problem details under /manage, else in the envelope.
 */
import { bearerAuth } from '../auth/bearer.js';
import type { Dialect } from '../http/types.js';
import { checkoutDialect } from '../http/dialects/checkout.js';
import { problemDialect } from '../http/dialects/problem.js';
import type { AnyOperation } from '../http/operation.js';
import type { Surface } from '../http/types.js';
import { checkoutHandlers } from '../routes/checkout-handlers.js';
import { type CheckoutTableDeps, checkoutOperations } from '../routes/checkout-operations.js';
import type { SurfaceDeps } from '../routes/deps.js';
import { IDENTITY_OPERATIONS } from '../routes/identity-operations.js';
import { ORDER_OPERATIONS } from '../routes/order-operations.js';
import { TOKENIZATION_OPERATIONS } from '../routes/tokenization-operations.js';
import { type SurfaceDefinition, surfaceApp } from './base.js';

export const API_OPERATIONS: readonly AnyOperation<SurfaceDeps & CheckoutTableDeps>[] = [
  ...IDENTITY_OPERATIONS,
  ...checkoutOperations(['new'], 'bearer'),
  ...ORDER_OPERATIONS,
  ...TOKENIZATION_OPERATIONS,
];

const MANAGE = /^\/manage(\/|$)/;
const dialectOf = (path: string): Dialect => (MANAGE.test(path) ? problemDialect : checkoutDialect);

function createApiSurface(deps: SurfaceDeps): Surface {
  return surfaceApp({ ...deps, checkoutHandlers: checkoutHandlers(deps) }, API_OPERATIONS, {
    authenticate: { bearer: bearerAuth(deps) },
    authDialect: checkoutDialect,
    dialectOf,
  });
}

export const API_SURFACE: SurfaceDefinition = { operations: API_OPERATIONS, create: createApiSurface, dialectOf };
