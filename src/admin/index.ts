/**
 * The control plane under /__admin, WireMock-style. JSON in, JSON out; errors as
 * {"error": {"status", "message"}}.
 */
import { Hono } from 'hono';
import { routingPath } from '../http/routing.js';
import { answerErrors } from '../http/dialect.js';
import { adminDialect } from '../http/dialects/status-message.js';
import type { AdminDeps } from './deps.js';
import { registerApiClientAdmin } from './api-clients.js';
import { type AdminGuardInput, adminGuard } from './guard.js';
import { registerClockAdmin } from './clock.js';
import { registerCheckoutAdmin } from './checkouts.js';
import { registerEventStreamAdmin } from './events.js';
import { registerFaultAdmin } from './faults.js';
import { registerRecurringAdmin } from './recurring.js';
import { registerReportAdmin } from './report.js';
import { registerRequestJournalAdmin } from './requests.js';
import { registerListAdmin } from './lists.js';
import { registerOpenApiAdmin } from './openapi.js';
import { registerSandboxAdmin } from './sandboxes.js';
import { registerDashboard } from './ui.js';
import { registerWorldAdmin } from './world.js';

export type { AdminDeps } from './deps.js';

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
  registerDashboard(admin);
  registerOpenApiAdmin(admin, deps);

  admin.notFound((c) => adminDialect.render(adminDialect.notFound(c.req.method, c.req.path, 'admin'), c.req.path));
  admin.onError(answerErrors(() => adminDialect, deps.logger));
  return admin;
}
