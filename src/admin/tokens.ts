/**
 * /__admin/tokens: the token settings of the running sandbox (both environments), as the
 * scenario's `tokens` section sets them at start-up.
 *
 *   GET    /__admin/tokens              lifetimes, skew, rate limit
 *   PATCH  /__admin/tokens              change any of them
 *   PUT    /__admin/tokens/rate-limit   {"requests": 5, "perSeconds": 60}
 *   DELETE /__admin/tokens/rate-limit   no throttling
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AdminDeps } from './deps.js';
import { adminBody } from './errors.js';

export const rateLimitSchema = z
  .object({ requests: z.number().int().positive(), perSeconds: z.number().int().positive() })
  .strict();

export const patchSchema = z
  .object({
    lifetimeSeconds: z.number().int().positive().optional(),
    extLifetimeSeconds: z.number().int().positive().optional(),
    clockSkewSeconds: z.number().int().min(0).optional(),
    rateLimit: rateLimitSchema.nullable().optional(),
  })
  .strict();

export function registerTokenSettingsAdmin(admin: Hono, deps: Pick<AdminDeps, 'services' | 'identity'>): void {
  const settings = deps.services.settings;
  // A new limit starts with empty windows, so a test sees exactly the limit it set.
  const freshLimit = (): void => deps.identity.rateLimiter.clear();

  admin.get('/__admin/tokens', (c) => c.json(settings.current().tokens));

  admin.patch('/__admin/tokens', async (c) => {
    const body = await adminBody(c, patchSchema);
    const patch = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const tokens = await settings.patchTokens(patch);
    if (body.rateLimit !== undefined) freshLimit();
    return c.json(tokens);
  });

  admin.put('/__admin/tokens/rate-limit', async (c) => {
    const tokens = await settings.setRateLimit(await adminBody(c, rateLimitSchema));
    freshLimit();
    return c.json(tokens);
  });

  admin.delete('/__admin/tokens/rate-limit', async (c) => {
    const tokens = await settings.setRateLimit(null);
    freshLimit();
    return c.json(tokens);
  });
}
