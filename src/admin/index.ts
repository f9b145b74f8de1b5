/**
 * The control plane under /__admin, WireMock-style. JSON in, JSON out; errors as
 * {"error": {"status", "message"}}. One table of operations (ADMIN_OPERATIONS) is its
 * registration, its body validation, its 404s and error answers (src/http/mount.ts) and its
 * OpenAPI document (/__admin/openapi/admin.json); each module below declares its entries.
 */
import { Hono } from 'hono';
import { adminDialect } from '../http/dialects/status-message.js';
import type { AnyOperation } from '../http/operation.js';
import { mountOperations } from '../http/mount.js';
import { routingPath } from '../http/routing.js';
import type { SurfaceEnv } from '../http/types.js';
import type { AdminDeps, ControlPlaneLimits } from './deps.js';
import { AdminError } from './errors.js';
import { refusals } from './operation.js';
import { API_CLIENT_OPERATIONS } from './api-clients.js';
import { CHECKOUT_OPERATIONS } from './checkouts.js';
import { CLOCK_OPERATIONS } from './clock.js';
import { DELIVERY_OPERATIONS } from './deliveries.js';
import { DEMO_OPERATIONS } from './demo.js';
import { EVENT_STREAM_OPERATIONS } from './events.js';
import { FAULT_OPERATIONS } from './faults.js';
import { type AdminGuardInput, adminGuard } from './guard.js';
import { FIDELITY_OPERATIONS } from './fidelity.js';
import { LIST_OPERATIONS } from './lists.js';
import { MERCHANT_OPERATIONS } from './merchants.js';
import { type DocumentDeps, OPENAPI_OPERATIONS } from './openapi.js';
import { ORDER_READ_LAG_OPERATIONS } from './order-read-lag.js';
import { RECURRING_OPERATIONS } from './recurring.js';
import { REPORT_OPERATIONS } from './report.js';
import { REQUEST_JOURNAL_OPERATIONS } from './requests.js';
import { SANDBOX_OPERATIONS } from './sandboxes.js';
import { TOKEN_OPERATIONS } from './tokens.js';
import { DASHBOARD_OPERATIONS, type DashboardDeps } from './ui.js';
import { WORLD_OPERATIONS } from './world.js';

export type { AdminDeps } from './deps.js';

/** What the table's handlers are made from: the world's services and controls, and the table itself (for its document). */
type AdminTableDeps = AdminDeps & DocumentDeps & DashboardDeps;

/**
 * Every /__admin call. The order is the routing order: where two paths could match one
 * request (GET /__admin/docs/webhooks: /__admin/docs/:asset or /__admin/:env/webhooks), the
 * earlier entry answers.
 */
export const ADMIN_OPERATIONS: readonly AnyOperation<AdminTableDeps>[] = [
  ...WORLD_OPERATIONS,
  ...MERCHANT_OPERATIONS,
  ...SANDBOX_OPERATIONS,
  ...CLOCK_OPERATIONS,
  ...CHECKOUT_OPERATIONS,
  ...TOKEN_OPERATIONS,
  ...API_CLIENT_OPERATIONS,
  ...RECURRING_OPERATIONS,
  ...ORDER_READ_LAG_OPERATIONS,
  ...DELIVERY_OPERATIONS,
  ...FAULT_OPERATIONS,
  // The dashboard, its lists and the event stream it follows.
  ...LIST_OPERATIONS,
  ...EVENT_STREAM_OPERATIONS,
  // The request journal and the migration report read from it.
  ...REQUEST_JOURNAL_OPERATIONS,
  ...REPORT_OPERATIONS,
  // The migration story played on this sandbox, for whoever watches the dashboard.
  ...DEMO_OPERATIONS,
  ...FIDELITY_OPERATIONS,
  ...DASHBOARD_OPERATIONS,
  ...OPENAPI_OPERATIONS,
];

/** Where the world is limited (a recorder's), each call that does not apply answers the limit's refusal instead. */
function limitedTable(limits: ControlPlaneLimits): readonly AnyOperation<AdminTableDeps>[] {
  return ADMIN_OPERATIONS.map((entry): AnyOperation<AdminTableDeps> => {
    if (limits.serves(entry.op)) return entry;
    // No body is bound first: the call is refused whatever it sends.
    const { body: _body, ...rest } = entry;
    return {
      ...rest,
      answers: {
        ...entry.answers,
        '409': {
          ...refusals(409)['409']!,
          description:
            'The call acts on an emulated world, which this sandbox (checkout-sandbox record) does not have: the message says where to make it.',
        },
      },
      handler: () => async (c) => {
        throw new AdminError(409, await limits.refusal(c.req.method, c.req.path));
      },
    };
  });
}

export function createAdminApp(deps: AdminDeps, guard: AdminGuardInput, limits?: ControlPlaneLimits): Hono<SurfaceEnv> {
  // Routed on the gateway's path (an isolated sandbox's admin is addressed under /sandboxes/{id}).
  const admin = new Hono<SurfaceEnv>({ getPath: routingPath });
  // The dashboard's first paint reads the same answers its script would, from this very app.
  const answer: DashboardDeps['answer'] = (request, path) => admin.fetch(request, { surfacePath: path });
  // Before every route: cross-site, token and Host checks (src/admin/guard.ts).
  admin.use('*', adminGuard(guard));
  mountOperations(admin, limits ? limitedTable(limits) : ADMIN_OPERATIONS, {
    deps: { ...deps, adminOperations: ADMIN_OPERATIONS, answer },
    logger: deps.logger,
    dialectOf: () => adminDialect,
    where: 'admin',
  });
  return admin;
}
