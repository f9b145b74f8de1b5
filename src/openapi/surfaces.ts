/**
 * Which routes each surface serves and how it authenticates them: the same composition as
 * src/surfaces/*.ts, told in route tables. A route registered on a surface and missing
 * here fails test/unit/openapi-routes.test.ts, which names it.
 */
import type { SurfaceName } from '../hosts.js';
import { checkoutRoutes } from './catalog/checkout.js';
import { FRONTEND_ROUTES } from './catalog/frontend.js';
import { IDENTITY_ROUTES } from './catalog/identity.js';
import { ORDER_ROUTES } from './catalog/orders.js';
import { PURCHASE_ROUTES } from './catalog/purchase.js';
import type { RouteDoc, Security } from './operation.js';

export type DocumentName = SurfaceName | 'admin';
export const DOCUMENT_NAMES: readonly DocumentName[] = ['auth', 'api', 'legacy', 'retired', 'frontend', 'admin'];

export interface SecuredRoute {
  route: RouteDoc;
  security: Security;
  deprecated?: boolean;
}

export const open = (routes: RouteDoc[]): SecuredRoute[] => routes.map((route) => ({ route, security: null }));
const secured = (routes: RouteDoc[], security: Security, deprecated = false): SecuredRoute[] =>
  routes.map((route) => ({ route, security, ...(deprecated ? { deprecated } : {}) }));

/** Every document's routes: the emulated surfaces' (below) and the control plane's, which src/admin/ adds. */
export type RouteTables = Record<DocumentName, () => SecuredRoute[]>;

export const SURFACE_ROUTES: Omit<RouteTables, 'admin'> = {
  auth: () => open(IDENTITY_ROUTES),
  api: () => [...open(IDENTITY_ROUTES), ...secured(checkoutRoutes(['new']), 'bearer'), ...secured(ORDER_ROUTES, 'bearer'), ...secured(PURCHASE_ROUTES, 'bearer')],
  legacy: () => secured(checkoutRoutes(['new', 'old']), 'sharedKey'),
  // The retired host serves the legacy routes unchanged until its shutdown, then 410 or a closed connection.
  retired: () => secured(checkoutRoutes(['new', 'old']), 'sharedKey', true),
  frontend: () => open(FRONTEND_ROUTES),
};

export const SURFACE_DESCRIPTIONS: Record<DocumentName, string> = {
  auth: "The identity provider: client-credentials tokens, discovery and keys, in Entra's shape.",
  api: 'The current API: new path style and /manage/orders with bearer tokens; also the token endpoint (same host).',
  legacy: 'The transitional legacy host: SharedKey, both path styles.',
  retired: 'The retired host: the legacy behaviour until its shutdown (Deprecation/Sunset headers), then 410 or a closed connection.',
  frontend: 'The frontend host: the loader scripts and the hosted checkout page (the customer\'s side).',
  admin: 'The control plane of the sandbox (not part of the emulated service).',
};
