/**
 * The control plane under /__admin, WireMock-style. JSON in, JSON out; errors as
 * {"error": {"status", "message"}}.
 */
import { Hono } from 'hono';
import { routingPath } from '../http/routing.js';
import { PersistenceError, Violation, type ViolationKind } from '../domain/violation.js';
import type { AdminDeps } from './deps.js';
import { registerApiClientAdmin } from './api-clients.js';
import { AdminError, renderAdminError } from './errors.js';
import { type AdminGuardInput, adminGuard } from './guard.js';
import { registerClockAdmin } from './clock.js';
import { registerCheckoutAdmin } from './checkouts.js';
import { registerEventStreamAdmin } from './events.js';
import { registerFaultAdmin } from './faults.js';
import { registerFidelityAdmin } from './fidelity.js';
import { registerRecurringAdmin } from './recurring.js';
import { registerReportAdmin } from './report.js';
import { registerRequestJournalAdmin } from './requests.js';
import { registerListAdmin } from './lists.js';
import { registerOpenApiAdmin } from './openapi.js';
import { registerSandboxAdmin } from './sandboxes.js';
import { registerDashboard } from './ui.js';
import { registerWorldAdmin } from './world.js';

export type { AdminDeps } from './deps.js';

/** The control plane's status for each kind of refusal. */
const ADMIN_STATUS: Record<ViolationKind, number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409, rule: 422, locked: 423 };

export function createAdminApp(deps: AdminDeps, guard: AdminGuardInput): Hono {
  // Routed on the gateway's path (an isolated sandbox's admin is addressed under /sandboxes/{id}).
  const admin = new Hono({ getPath: routingPath });
  // Before every route: cross-site, token and Host checks (src/admin/guard.ts).
  admin.use('*', adminGuard(guard));
  registerWorldAdmin(admin, deps);
  registerSandboxAdmin(admin, deps);
  registerClockAdmin(admin, deps);
  registerCheckoutAdmin(admin, deps);
  registerApiClientAdmin(admin, deps);
  registerRecurringAdmin(admin, deps);
  registerFaultAdmin(admin, deps);
  // The dashboard, its lists and the event stream it follows.
  registerListAdmin(admin, deps);
  registerEventStreamAdmin(admin, deps);
  // The request journal and the migration report read from it.
  registerRequestJournalAdmin(admin, deps);
  registerReportAdmin(admin, deps);
  registerFidelityAdmin(admin, deps);
  registerDashboard(admin);
  registerOpenApiAdmin(admin, deps);

  admin.notFound((c) =>
    renderAdminError(new AdminError(404, `No admin call ${c.req.method} ${c.req.path}. Every /__admin call is listed in docs/admin-api.md.`)),
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
