/**
 * The control plane under /__admin, WireMock-style. JSON in, JSON out; errors as
 * {"error": {"status", "message"}}.
 */
import { Hono } from 'hono';
import type { Clock } from '../clock.js';
import { Violation, type ViolationKind } from '../domain/violation.js';
import type { EnvName } from '../hosts.js';
import type { IdentityProvider } from '../identity/provider.js';
import type { Logger } from '../log.js';
import { PersistenceError, type Services } from '../services/index.js';
import type { CustomerSimulation } from '../simulation/customer.js';
import type { Urls } from '../surfaces/deps.js';
import { registerApiClientAdmin } from './api-clients.js';
import { AdminError, renderAdminError } from './errors.js';
import { registerClockAdmin } from './clock.js';
import { registerCheckoutAdmin } from './checkouts.js';
import { registerWorldAdmin, type WorldControl } from './world.js';

/** What the control plane works with: services and the world's controls, never the store. */
export interface AdminDeps {
  clock: Clock;
  services: Services;
  identity: IdentityProvider;
  urls: Urls;
  logger: Logger;
  scenarioDir: string;
  world: WorldControl;
  simulation(env: EnvName): CustomerSimulation;
}

/** The control plane's status for each kind of refusal. */
const ADMIN_STATUS: Record<ViolationKind, number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, rule: 422, locked: 423 };

export function createAdminApp(deps: AdminDeps): Hono {
  const admin = new Hono({ strict: false });
  registerWorldAdmin(admin, deps);
  registerClockAdmin(admin, deps);
  registerCheckoutAdmin(admin, deps);
  registerApiClientAdmin(admin, deps);

  admin.notFound((c) =>
    renderAdminError(new AdminError(404, `No admin call ${c.req.method} ${c.req.path}. docs/admin-api.md (linked from the README) lists every /__admin call.`)),
  );
  admin.onError((error, c) => {
    if (error instanceof AdminError) return renderAdminError(error);
    if (error instanceof Violation) return renderAdminError(new AdminError(ADMIN_STATUS[error.kind], error.message));
    if (error instanceof PersistenceError) return renderAdminError(new AdminError(503, error.message));
    deps.logger.error({ err: error, path: c.req.path }, 'admin error');
    return renderAdminError(new AdminError(500, `The sandbox failed on this admin call (a sandbox bug): ${error.message}`));
  });
  return admin;
}
