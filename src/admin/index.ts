/**
 * The control plane under /__admin, WireMock-style. JSON in, JSON out; errors as
 * {"error": {"status", "message"}}.
 */
import { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { registerApiClientAdmin } from './api-clients.js';
import { AdminError, renderAdminError } from './errors.js';
import { registerClockAdmin } from './clock.js';
import { registerCheckoutAdmin } from './checkouts.js';
import { registerWorldAdmin, type WorldControl } from './world.js';

export function createAdminApp(ctx: SandboxContext, control: WorldControl): Hono {
  const admin = new Hono({ strict: false });
  registerWorldAdmin(admin, ctx, control);
  registerClockAdmin(admin, ctx);
  registerCheckoutAdmin(admin, ctx);
  registerApiClientAdmin(admin, ctx);

  admin.notFound((c) =>
    renderAdminError(new AdminError(404, `No admin call ${c.req.method} ${c.req.path}. Every /__admin call is listed in docs/admin-api.md.`)),
  );
  admin.onError((error, c) => {
    if (error instanceof AdminError) return renderAdminError(error);
    ctx.logger.error({ err: error, path: c.req.path }, 'admin error');
    return renderAdminError(new AdminError(500, `The sandbox failed on this admin call (a sandbox bug): ${error.message}`));
  });
  return admin;
}
