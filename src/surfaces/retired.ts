/**
 * The retired host ({deprecated_base_url}): exactly the legacy behaviour until the
 * retirement instant on the sandbox clock, then shut. Before the shutdown every response
 * announces it: Deprecation (RFC 9745, `@<unix seconds>`), Sunset (RFC 8594, IMF-fixdate)
 * and Link headers to the two migration options. After it (and during brownouts) the
 * scenario's `afterShutdown` decides: `refuse` closes the connection with no answer, as a
 * vanished host looks to a client; `gone` answers 410 naming both options.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { httpDate, instant } from '../clock.js';
import type { SurfaceDeps } from '../routes/deps.js';
import { type RetirementState, deprecatedSinceMs, retirementState } from '../domain/retirement.js';
import { checkoutDialect } from '../http/dialects/checkout.js';
import { Refusal } from '../http/refusal.js';
import { refuseConnection } from '../http/refuse.js';
import type { Surface, SurfaceEnv } from '../http/types.js';
import type { SurfaceDefinition } from './base.js';
import { LEGACY_OPERATIONS, LEGACY_SURFACE, createLegacySurface } from './legacy.js';

/** The retired host serves the legacy operations unchanged until its shutdown. */
const RETIRED_OPERATIONS = LEGACY_OPERATIONS;

function createRetiredSurface(deps: SurfaceDeps): Surface {
  const legacy = createLegacySurface(deps);
  const app = new Hono<SurfaceEnv>();
  app.use('*', retirementGate(deps));
  // The legacy app answers everything (its routes, 404s and errors), so the gate sees every response.
  app.all('*', (c) => legacy.fetch(c.req.raw, c.env));
  return app;
}

/** Legacy's table and dialect: its app answers whatever passes the gate. */
export const RETIRED_SURFACE: SurfaceDefinition = {
  operations: RETIRED_OPERATIONS,
  create: createRetiredSurface,
  dialectOf: LEGACY_SURFACE.dialectOf,
};

function retirementGate(deps: SurfaceDeps): MiddlewareHandler<SurfaceEnv> {
  return async (c, next) => {
    const retirement = deps.settings.current().retirement;
    const state = retirementState(retirement, deps.clock.nowMs());
    const headers = announcementHeaders(deps);
    if (!state.open) {
      if (retirement.afterShutdown === 'refuse') {
        return refuseConnection(
          `${deps.urls.hosts[deps.env].retired.host} is ${state.cause === 'shutdown' ? 'shut down' : 'in a brownout'}`,
        );
      }
      // A brownout ends: say when, so a client (or its developer) knows it is temporary.
      if (state.cause === 'brownout')
        headers['retry-after'] = String(Math.max(0, Math.ceil((Date.parse(state.until) - deps.clock.nowMs()) / 1000)));
      return checkoutDialect.render(Refusal.single(410, 'Host_Retired', goneMessage(deps, state), headers), c.req.path);
    }
    await next();
    // Headers go onto the finished response; c.header() would re-create it and lose a 900 status.
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}

function announcementHeaders(deps: SurfaceDeps): Record<string, string> {
  const retirement = deps.settings.current().retirement;
  const hosts = deps.urls.hosts[deps.env];
  const link = [
    `<${deps.urls.baseUrl(deps.env, 'api')}>; rel="successor-version sunset deprecation"; title="option 1 (recommended): current API ${hosts.api.host} with a bearer token"`,
    `<${deps.urls.baseUrl(deps.env, 'legacy')}>; rel="alternate sunset deprecation"; title="option 2: legacy host ${hosts.legacy.host}, SharedKey and paths unchanged"`,
  ].join(', ');
  return {
    deprecation: `@${Math.floor(deprecatedSinceMs(retirement) / 1000)}`,
    sunset: httpDate(instant(retirement.shutdownAt)),
    link,
  };
}

function goneMessage(deps: SurfaceDeps, state: Exclude<RetirementState, { open: true }>): string {
  const hosts = deps.urls.hosts[deps.env];
  const what =
    state.cause === 'shutdown'
      ? `${hosts.retired.host} was shut down at ${state.since}.`
      : `${hosts.retired.host} is in a scheduled brownout until ${state.until} (a rehearsal of its shutdown at ${deps.settings.current().retirement.shutdownAt}).`;
  return (
    `${what} Move to one of two options. ` +
    `Option 1 (recommended): the current API at ${deps.urls.baseUrl(deps.env, 'api')} (real host ${hosts.api.host}) with a bearer token ` +
    `from ${deps.urls.baseUrl(deps.env, 'auth')}/oauth2/v2.0/token, e.g. POST /checkouts. ` +
    `Option 2 (minimal change): the legacy host at ${deps.urls.baseUrl(deps.env, 'legacy')} (real host ${hosts.legacy.host}): ` +
    'replace the host name only; paths and SharedKey signing stay the same.'
  );
}
