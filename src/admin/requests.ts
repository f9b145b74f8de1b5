/**
 * The request journal over HTTP (WireMock's /__admin/requests, for assertions in CI):
 *
 *   GET    /__admin/requests          newest first; ?env=&surface=&method=&path=&status=&principal=&since=&auth=&direction=&limit=
 *   DELETE /__admin/requests          empties the journal
 *   POST   /__admin/requests/count    {"env":"uat","surface":"api","method":"GET","status":401} → {"count": N}
 *
 * The journal's own calls (these, /__admin/events and /__admin/report) are not journaled.
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { type RequestPattern, compilePattern } from '../control/journal-filter.js';
import { isoOf, materialise } from '../control/journal.js';
import type { AdminDeps } from './deps.js';
import { AdminError, adminBody } from './errors.js';

const instantString = z.string().refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T22:59:00Z' });

/** The fields a filter and a count pattern share. */
export const requestPatternSchema = z
  .object({
    env: z.string().optional(),
    surface: z.string().optional(),
    method: z.string().optional(),
    path: z.string().optional().describe('a glob (* within a segment, ** across) or a prefix'),
    status: z.union([z.number().int(), z.string()]).optional().describe("401, '4xx' or 'refused'"),
    principal: z.string().optional().describe('client id, SharedKey username or merchant id'),
    since: instantString.optional().describe('sandbox time'),
    auth: z.string().optional().describe('e.g. bearer:expired, or a scheme: sharedkey'),
    direction: z.enum(['in', 'out']).optional(),
  })
  .strict();

const querySchema = requestPatternSchema.extend({ limit: z.coerce.number().int().positive().optional() });

export function registerRequestJournalAdmin(admin: Hono, deps: Pick<AdminDeps, 'journal'>): void {
  admin.get('/__admin/requests', (c) => {
    const parsed = querySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AdminError(400, `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}; filters: ${Object.keys(querySchema.shape).join(', ')}`);
    }
    const { limit, ...filter } = parsed.data;
    const matches = deps.journal.entries().filter(compilePattern(toPattern(filter)));
    return c.json({ requests: matches.slice(0, limit ?? matches.length).map((entry) => materialise(entry, isoOf)) });
  });

  admin.delete('/__admin/requests', (c) => c.json({ cleared: deps.journal.clear() }));

  admin.post('/__admin/requests/count', async (c) => {
    const pattern = toPattern(await adminBody(c, requestPatternSchema));
    return c.json({ count: deps.journal.entries().filter(compilePattern(pattern)).length });
  });
}

function toPattern(input: z.infer<typeof requestPatternSchema>): RequestPattern {
  const { since, ...rest } = input;
  return { ...rest, ...(since ? { sinceMs: parseInstant(since)!.getTime() } : {}) };
}
