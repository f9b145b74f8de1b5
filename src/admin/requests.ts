/**
 * The request journal over HTTP (WireMock's /__admin/requests, for assertions in CI):
 *
 *   GET    /__admin/requests          newest first; ?env=&surface=&method=&path=&status=&principal=&since=&auth=&direction=&limit=
 *   GET    /__admin/requests/{id}     one entry (the event stream's `request` events carry its id, not its bodies)
 *   DELETE /__admin/requests          empties the journal
 *   POST   /__admin/requests/count    {"env":"uat","surface":"api","method":"GET","status":401} → {"count": N}
 *
 * The journal's own calls (these, /__admin/events and /__admin/report) are not journaled.
 */
import { z } from 'zod';
import { parseInstant } from '../clock.js';
import { SURFACES } from '../hosts.js';
import { type RequestPattern, compilePattern } from '../journal/journal-filter.js';
import { isoOf, materialise } from '../journal/journal.js';
import { pathPatternSchema } from '../domain/path-glob.js';
import type { AnyOperation } from '../http/operation.js';
import { Refusal } from '../http/refusal.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { journalClearedSchema, journalCountSchema, journalEntrySchema, journalSchema } from './answers/journal.js';

const instantString = z
  .string()
  .refine((v) => parseInstant(v) !== null, { message: 'expected an ISO-8601 instant such as 2026-10-30T22:59:00Z' });

/** The fields a filter and a count pattern share. */
const requestPatternSchema = z
  .object({
    env: z.string().optional(),
    surface: z.string().optional().describe('one surface, or several separated by commas'),
    method: z.string().optional(),
    path: pathPatternSchema.optional().describe('a path pattern (* within a segment, ** across) or, without *, a prefix'),
    status: z.union([z.number().int(), z.string()]).optional().describe("401, '4xx' or 'refused'"),
    principal: z.string().optional().describe('client id, SharedKey username or merchant id'),
    since: instantString.optional().describe('sandbox time'),
    auth: z.string().optional().describe('e.g. bearer:expired, or a scheme: sharedkey'),
    direction: z.enum(['in', 'out']).optional(),
  })
  .strict();

const querySchema = requestPatternSchema.extend({ limit: z.coerce.number().int().positive().optional() });

type JournalDeps = Pick<AdminDeps, 'journal'>;

/** The last segment of the count's path, which the path of one entry (`/__admin/requests/:id`) would take for an id too. */
const COUNT = 'count';

export const REQUEST_JOURNAL_OPERATIONS: readonly AnyOperation<JournalDeps>[] = [
  adminOperation<JournalDeps>({
    op: 'listRequests',
    method: 'GET',
    path: '/__admin/requests',
    summary: 'The request journal, newest first: every request and every call to a merchant',
    query: {
      env: 'uat or prod',
      surface: `${[...SURFACES, 'admin', 'merchant (outbound)'].join(', ')}; several separated by commas`,
      method: 'GET, POST, …',
      path: 'a path pattern (* within a segment, ** across) or, without *, a prefix',
      status: "401, '4xx' or 'refused'",
      principal: 'client id, SharedKey username or merchant id',
      since: 'sandbox time (ISO-8601)',
      auth: 'an outcome such as bearer:expired, or a scheme: sharedkey',
      direction: 'in or out',
      limit: 'at most this many entries',
    },
    answers: { '200': json('The entries that match every given filter, newest first.', journalSchema, 'AdminRequests'), ...refusals(400) },
    handler: (deps) => (c) => {
      const parsed = querySchema.safeParse(c.req.query());
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new AdminError(
          400,
          `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}; filters: ${Object.keys(querySchema.shape).join(', ')}`,
        );
      }
      const { limit, ...filter } = parsed.data;
      const matches = deps.journal.entries().filter(compilePattern(toPattern(filter)));
      return c.json({ requests: matches.slice(0, limit ?? matches.length).map((entry) => materialise(entry, isoOf)) });
    },
  }),
  adminOperation<JournalDeps>({
    op: 'getRequest',
    method: 'GET',
    path: '/__admin/requests/:id',
    summary: 'One journal entry, with its headers and bodies',
    description: "The id is the entry's (a `request` event on GET /__admin/events carries it); the journal keeps the newest entries only.",
    answers: { '200': json('The entry.', journalEntrySchema, 'AdminRequest'), ...refusals(404, 405) },
    handler: (deps) => (c) => {
      const id = c.req.param('id') ?? '';
      // The count's own path, asked with GET: not an entry, but a call that takes POST.
      if (id === COUNT) {
        throw Refusal.single(
          405,
          'Method_Not_Allowed',
          `/__admin/requests/${COUNT} answers POST only, with the fields to count by as JSON, e.g. {"surface":"api","status":401}.`,
          {
            allow: 'POST',
          },
        );
      }
      const entry = /^[1-9]\d{0,15}$/.test(id) ? deps.journal.get(Number(id)) : undefined;
      if (!entry) {
        throw new AdminError(
          404,
          `No journal entry ${id}: ids are whole numbers, and the journal keeps the newest ${deps.journal.size} entries only; list them with GET /__admin/requests.`,
        );
      }
      return c.json(materialise(entry, isoOf));
    },
  }),
  adminOperation<JournalDeps>({
    op: 'clearRequests',
    method: 'DELETE',
    path: '/__admin/requests',
    summary: 'Empty the request journal',
    answers: { '200': json('How many entries were dropped.', journalClearedSchema, 'AdminRequestsCleared'), ...refusals() },
    handler: (deps) => (c) => c.json({ cleared: deps.journal.clear() }),
  }),
  adminOperation<JournalDeps, z.infer<typeof requestPatternSchema>>({
    op: 'countRequests',
    method: 'POST',
    path: `/__admin/requests/${COUNT}`,
    summary: 'Count journaled requests matching a pattern',
    body: jsonBody(requestPatternSchema, 'AdminRequestPattern'),
    answers: { '200': json('How many entries match.', journalCountSchema, 'AdminRequestCount'), ...refusals(...BODY_REFUSALS) },
    handler:
      (deps) =>
      (c, { body }) =>
        c.json({ count: deps.journal.entries().filter(compilePattern(toPattern(body))).length }),
  }),
];

function toPattern(input: z.infer<typeof requestPatternSchema>): RequestPattern {
  const { since, ...rest } = input;
  return { ...rest, ...(since ? { sinceMs: parseInstant(since)!.getTime() } : {}) };
}
