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
import type { SandboxContext } from '../context.js';
import { invoiceStatusOf } from '../domain/invoice-status.js';
import { toMajor } from '../domain/money.js';
import { InvoiceStatusService } from '../store/invoice-status-service.js';
import { TokenizationService } from '../store/tokenization-service.js';
import { AdminError, adminBody } from './errors.js';
import { envParam } from './world.js';

const url = z.string().url().refine((v) => /^https?:/i.test(v), { message: 'expected an http(s) URL' }).nullable().optional();
const callbacksSchema = z.object({ webhookUri: url, invoiceStatusUri: url }).strict();
const invoiceStatusSchema = z.object({ invoiceStatus: z.union([z.string(), z.number()]) }).strict();

export function registerRecurringAdmin(admin: Hono, ctx: SandboxContext): void {
  admin.put('/__admin/:env/merchants/:merchantId/callbacks', async (c) => {
    const env = envParam(c.req.param('env'));
    const body = await adminBody(c, callbacksSchema);
    const merchantId = c.req.param('merchantId') ?? '';
    const known =
      (body.webhookUri === undefined || (await new TokenizationService(ctx, env).setWebhookUri(merchantId, body.webhookUri))) &&
      (body.invoiceStatusUri === undefined || (await new InvoiceStatusService(ctx, env).setInvoiceStatusUri(merchantId, body.invoiceStatusUri)));
    const merchant = ctx.store.env(env).merchants.find((m) => m.id === merchantId);
    if (!known || !merchant) throw new AdminError(404, `No merchant ${merchantId} in ${env.toUpperCase()}; GET /__admin/${env}/merchants lists them.`);
    return c.json({ merchantId, webhookUri: merchant.webhookUri ?? null, invoiceStatusUri: merchant.invoiceStatusUri ?? null });
  });

  admin.get('/__admin/:env/webhooks', async (c) => {
    const records = await new TokenizationService(ctx, envParam(c.req.param('env'))).webhooks();
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

  admin.get('/__admin/:env/customer-tokens', async (c) => c.json({ customerTokens: await new TokenizationService(ctx, envParam(c.req.param('env'))).listTokens() }));

  admin.get('/__admin/:env/authorizations', async (c) =>
    c.json({
      authorizations: (await new TokenizationService(ctx, envParam(c.req.param('env'))).listAuthorizations()).map((a) => ({ ...a, totalAmount: toMajor(a.totalAmount), items: a.items.map((i) => ({ ...i, unitPrice: toMajor(i.unitPrice) })) })),
    }),
  );

  admin.get('/__admin/:env/on-hold-reviews', async (c) => c.json({ reviews: await new InvoiceStatusService(ctx, envParam(c.req.param('env'))).listReviews() }));

  admin.post('/__admin/:env/checkouts/:privateId/invoice-status', async (c) => {
    const env = envParam(c.req.param('env'));
    const body = await adminBody(c, invoiceStatusSchema);
    const outcome = invoiceStatusOf(body.invoiceStatus);
    if (!outcome) throw new AdminError(400, `invoiceStatus: '${body.invoiceStatus}' is not "Approved" (1) or "Rejected" (5).`);
    const resolution = await new InvoiceStatusService(ctx, env).resolve(c.req.param('privateId') ?? '', outcome);
    if (!resolution.ok) throw new AdminError(resolution.status, resolution.message);
    return c.json({ review: resolution.review });
  });
}
