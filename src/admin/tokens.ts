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
import type { SandboxContext } from '../context.js';
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

export function registerTokenSettingsAdmin(admin: Hono, ctx: SandboxContext): void {
  const tokens = () => ctx.store.state.settings.tokens;
  const saved = async (): Promise<Response> => {
    await ctx.store.write();
    return Response.json(tokens());
  };

  admin.get('/__admin/tokens', (c) => c.json(tokens()));

  admin.patch('/__admin/tokens', async (c) => {
    const body = await adminBody(c, patchSchema);
    const current = tokens();
    if (body.lifetimeSeconds !== undefined) current.lifetimeSeconds = body.lifetimeSeconds;
    if (body.extLifetimeSeconds !== undefined) current.extLifetimeSeconds = body.extLifetimeSeconds;
    if (body.clockSkewSeconds !== undefined) current.clockSkewSeconds = body.clockSkewSeconds;
    if (body.rateLimit !== undefined) {
      current.rateLimit = body.rateLimit;
      ctx.identity.rateLimiter.clear();
    }
    return saved();
  });

  admin.put('/__admin/tokens/rate-limit', async (c) => {
    tokens().rateLimit = await adminBody(c, rateLimitSchema);
    // A new limit starts with empty windows, so a test sees exactly the limit it set.
    ctx.identity.rateLimiter.clear();
    return saved();
  });

  admin.delete('/__admin/tokens/rate-limit', async () => {
    tokens().rateLimit = null;
    ctx.identity.rateLimiter.clear();
    return saved();
  });
}
