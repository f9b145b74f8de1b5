/**
 * /__admin: health, hosts, scenarios, reset, and the merchants of each environment.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { ENVIRONMENTS, PLACEHOLDERS, SURFACES, isEnvName, type EnvName } from '../hosts.js';
import { listScenarios } from '../store/scenario.js';
import { AdminError, adminBody } from './errors.js';

export interface WorldControl {
  /** Reseeds from the named scenario (default: the current one) without a restart. */
  reset(scenario?: string): Promise<void>;
  /** Dedicated per-host URLs when listening with --port-per-host, else null. */
  dedicatedUrl(env: EnvName, surface: (typeof SURFACES)[number]): string | null;
  /** The real host name over HTTPS when listening with --tls, else null. */
  httpsUrl(env: EnvName, surface: (typeof SURFACES)[number]): string | null;
}

const resetSchema = z.object({ scenario: z.string().min(1).optional() }).strict();

export function envParam(value: string | undefined): EnvName {
  const env = (value ?? '').toLowerCase();
  if (!isEnvName(env)) throw new AdminError(404, `Unknown environment '${value}'; use 'uat' or 'prod'.`);
  return env;
}

export function registerWorldAdmin(admin: Hono, ctx: SandboxContext, control: WorldControl): void {
  admin.get('/__admin/health', (c) =>
    c.json({ status: 'ok', scenario: ctx.store.state.scenario, clock: ctx.clock.state() }),
  );

  admin.get('/__admin/hosts', (c) =>
    c.json({
      hosts: ENVIRONMENTS.flatMap((env) =>
        SURFACES.map((surface) => ({
          env,
          surface,
          placeholder: PLACEHOLDERS[surface],
          realHost: ctx.hosts[env][surface].host,
          baseUrl: ctx.baseUrl(env, surface),
          dedicatedUrl: control.dedicatedUrl(env, surface),
          httpsUrl: control.httpsUrl(env, surface),
          hostHeader: ctx.hosts[env][surface].host,
        })),
      ),
    }),
  );

  admin.get('/__admin/scenarios', (c) =>
    c.json({ current: ctx.store.state.scenario, scenarios: listScenarios(ctx.scenarioDir) }),
  );

  admin.post('/__admin/reset', async (c) => {
    const body = await adminBody(c, resetSchema);
    // Over HTTP only the shipped scenario names: a path would let any caller read any file.
    const known = listScenarios(ctx.scenarioDir).map((s) => s.name);
    if (body.scenario !== undefined && !known.includes(body.scenario)) {
      throw new AdminError(400, `unknown scenario '${body.scenario}'; known scenarios: ${known.join(', ')} (files need --scenario <path> at start-up)`);
    }
    try {
      await control.reset(body.scenario);
    } catch (error) {
      throw new AdminError(400, (error as Error).message);
    }
    return c.json({ status: 'reset', scenario: ctx.store.state.scenario, clock: ctx.clock.state() });
  });

  admin.get('/__admin/:env/merchants', (c) => {
    const env = envParam(c.req.param('env'));
    const state = ctx.store.env(env);
    return c.json({
      env,
      merchants: state.merchants.map((m) => ({
        id: m.id,
        name: m.name,
        stores: m.stores,
        sharedKey: m.sharedKey,
        // Secrets are stored hashed and never shown, as in the real portal.
        apiClients: state.apiClients
          .filter((client) => client.merchantId === m.id)
          .map((client) => ({
            clientId: client.clientId,
            name: client.name,
            revokedAt: client.revokedAt,
            secrets: client.secrets.map((s) => ({ secretId: s.secretId, hint: s.hint, createdAt: s.createdAt, expiresAt: s.expiresAt })),
          })),
      })),
    });
  });
}
