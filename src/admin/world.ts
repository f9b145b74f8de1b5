/**
 * /__admin: health, hosts, scenarios, reset, and the merchants of each environment.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { ENVIRONMENTS, PLACEHOLDERS, SURFACES, isEnvName, type EnvName } from '../hosts.js';
import { AdminError, adminBody } from './errors.js';
import type { AdminDeps } from './deps.js';

export type { ScenarioSummary, WorldControl } from './deps.js';

export const resetSchema = z.object({ scenario: z.string().min(1).optional() }).strict();

export function envParam(value: string | undefined): EnvName {
  const env = (value ?? '').toLowerCase();
  if (!isEnvName(env)) throw new AdminError(404, `Unknown environment '${value}'; use 'uat' or 'prod'.`);
  return env;
}

export function registerWorldAdmin(admin: Hono, deps: Pick<AdminDeps, 'clock' | 'services' | 'urls' | 'world'>): void {
  const control = deps.world;
  admin.get('/__admin/health', (c) =>
    c.json({ status: 'ok', scenario: control.scenario(), clock: deps.clock.state() }),
  );

  admin.get('/__admin/hosts', (c) =>
    c.json({
      hosts: ENVIRONMENTS.flatMap((env) =>
        SURFACES.map((surface) => ({
          env,
          surface,
          placeholder: PLACEHOLDERS[surface],
          realHost: deps.urls.hosts[env][surface].host,
          aliases: deps.urls.hosts[env][surface].aliases,
          baseUrl: deps.urls.baseUrl(env, surface),
          dedicatedUrl: control.dedicatedUrl(env, surface),
          httpsUrl: control.httpsUrl(env, surface),
          hostHeader: deps.urls.hosts[env][surface].host,
        })),
      ),
    }),
  );

  admin.get('/__admin/scenarios', (c) =>
    c.json({ current: control.scenario(), scenarios: control.scenarios() }),
  );

  admin.post('/__admin/reset', async (c) => {
    const body = await adminBody(c, resetSchema);
    // Over HTTP only the shipped scenario names: a path would let any caller read any file.
    const known = control.scenarios().map((s) => s.name);
    if (body.scenario !== undefined && !known.includes(body.scenario)) {
      throw new AdminError(400, `unknown scenario '${body.scenario}'; known scenarios: ${known.join(', ')} (files need --scenario <path> at start-up)`);
    }
    try {
      await control.reset(body.scenario);
    } catch (error) {
      throw new AdminError(400, (error as Error).message);
    }
    return c.json({ status: 'reset', scenario: control.scenario(), clock: deps.clock.state() });
  });

  admin.get('/__admin/:env/merchants', (c) => {
    const env = envParam(c.req.param('env'));
    const services = deps.services.env(env);
    return c.json({
      env,
      merchants: services.merchants.list().map((m) => ({
        id: m.id,
        name: m.name,
        stores: m.stores,
        sharedKey: m.sharedKey,
        // Where this merchant's webhooks and invoice-status calls go (PUT …/merchants/{id}/callbacks sets them).
        webhookUri: m.webhookUri ?? null,
        invoiceStatusUri: m.invoiceStatusUri ?? null,
        // Secrets are stored hashed and never shown, as in the real portal.
        apiClients: services.apiClients
          .list(m.id)
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
