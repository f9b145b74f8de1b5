/**
 * The control plane of recurring payments and on-hold reviews (issue 10):
 *   PUT  /__admin/{env}/merchants/{merchantId}/callbacks   {webhookUri?, invoiceStatusUri?} (null: none)
 *   GET  /__admin/{env}/webhooks                           every webhook and its attempts
 *   GET  /__admin/{env}/customer-tokens                    tokens issued, with status and test hook
 *   GET  /__admin/{env}/authorizations                     authorizations, attempts due and made
 *   GET  /__admin/{env}/on-hold-reviews                    reviews of on-hold purchases
 *   POST /__admin/{env}/checkouts/{privateId}/invoice-status  {invoiceStatus: "Approved"|"Rejected"|1|5} resolve now
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AdminDeps } from './deps.js';
import { invoiceStatusOf } from '../domain/invoice-status.js';
import { toMajor } from '../domain/money.js';
import { AdminError, adminBody } from './errors.js';
import { envParam } from './world.js';

const url = z.string().url().refine((v) => /^https?:/i.test(v), { message: 'expected an http(s) URL' }).nullable().optional();
export const callbacksSchema = z.object({ webhookUri: url, invoiceStatusUri: url }).strict();
export const invoiceStatusSchema = z.object({ invoiceStatus: z.union([z.string(), z.number()]) }).strict();

export function registerRecurringAdmin(admin: Hono, ctx: Pick<AdminDeps, 'services' | 'idle'>): void {
  const services = (env: Parameters<AdminDeps['services']['env']>[0]) => ctx.services.env(env);
  admin.put('/__admin/:env/merchants/:merchantId/callbacks', async (c) => {
    const env = envParam(c.req.param('env'));
    const body = await adminBody(c, callbacksSchema);
    const merchantId = c.req.param('merchantId') ?? '';
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const merchant = await services(env).merchants.setCallbackUris(merchantId, changes);
    if (!merchant) throw new AdminError(404, `No merchant ${merchantId} in ${env.toUpperCase()}; GET /__admin/${env}/merchants lists them.`);
    return c.json({ merchantId, webhookUri: merchant.webhookUri ?? null, invoiceStatusUri: merchant.invoiceStatusUri ?? null });
  });

  admin.get('/__admin/:env/webhooks', async (c) => {
    await ctx.idle();
    const records = services(envParam(c.req.param('env'))).tokenization.webhooks();
    return c.json({
      webhooks: records.map((r) => ({
        type: r.type,
        subject: r.subject,
        url: r.url,
        state: r.state,
        nextAttemptAt: r.nextAttemptAt,
        body: r.body === undefined ? null : (JSON.parse(r.body) as unknown),
        attempts: r.attempts,
      })),
    });
  });

  admin.get('/__admin/:env/customer-tokens', async (c) => {
    await ctx.idle();
    return c.json({ customerTokens: services(envParam(c.req.param('env'))).tokenization.listTokens() });
  });

  admin.get('/__admin/:env/authorizations', async (c) => {
    await ctx.idle();
    return c.json({
      authorizations: services(envParam(c.req.param('env')))
        .tokenization.listAuthorizations()
        .map((a) => ({ ...a, totalAmount: toMajor(a.totalAmount), items: a.items.map((i) => ({ ...i, unitPrice: toMajor(i.unitPrice) })) })),
    });
  });

  admin.get('/__admin/:env/on-hold-reviews', async (c) => {
    await ctx.idle();
    return c.json({ reviews: services(envParam(c.req.param('env'))).invoiceStatus.listReviews().map(({ id: _id, ...review }) => review) });
  });

  admin.post('/__admin/:env/checkouts/:privateId/invoice-status', async (c) => {
    const env = envParam(c.req.param('env'));
    const body = await adminBody(c, invoiceStatusSchema);
    const outcome = invoiceStatusOf(body.invoiceStatus);
    if (!outcome) throw new AdminError(400, `invoiceStatus: '${body.invoiceStatus}' is not "Approved" (1) or "Rejected" (5).`);
    const resolution = await services(env).invoiceStatus.resolve(c.req.param('privateId') ?? '', outcome);
    if (!resolution.ok) throw new AdminError(resolution.status, resolution.message);
    const { id: _id, ...review } = resolution.review;
    return c.json({ review });
  });
}
