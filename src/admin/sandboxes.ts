/**
 * /__admin/sandboxes: isolated sandboxes for parallel tests. Each has its own state, clock
 * and event stream, is addressed by /sandboxes/{id}/… or the X-Sandbox-Id header, and lives
 * until deleted or idle for the configured time. Only the main world serves these; an
 * isolated one answers 404 (they do not nest).
 */
import { z } from 'zod';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps, IsolatedSummary, SandboxesControl } from './deps.js';
import { AdminError, instantField } from './errors.js';
import { didYouMean } from '../spelling.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { isolatedSandboxDeletedSchema, isolatedSandboxSchema, isolatedSandboxesSchema } from './answers/world.js';

const createIsolatedSchema = z
  .object({
    scenario: z.string().min(1).optional(),
    now: instantField.optional(),
    frozen: z.boolean().optional(),
  })
  .strict();

type SandboxDeps = Pick<AdminDeps, 'sandboxes' | 'world'>;

function registry(deps: SandboxDeps): SandboxesControl {
  if (deps.sandboxes === null) {
    throw new AdminError(
      404,
      'Isolated sandboxes do not nest: create and list them on the main admin plane, /__admin/sandboxes without the /sandboxes/{id} prefix or X-Sandbox-Id header.',
    );
  }
  return deps.sandboxes;
}

/**
 * Only the summary's own fields: the registry hands back more than its interface says (the
 * world itself, with its store and settings), which must not reach the wire.
 */
function summaryOf(made: IsolatedSummary): IsolatedSummary {
  const { id, scenario, clock, created, lastUsed, baseUrls } = made;
  return { id, scenario, clock, created, lastUsed, baseUrls };
}

export const SANDBOX_OPERATIONS: readonly AnyOperation<SandboxDeps>[] = [
  adminOperation<SandboxDeps, z.infer<typeof createIsolatedSchema>>({
    op: 'createIsolatedSandbox',
    method: 'POST',
    path: '/__admin/sandboxes',
    summary: 'Create an isolated sandbox (own state, clock, events); 429 past the limit',
    body: jsonBody(createIsolatedSchema, 'AdminSandboxCreate', { required: false }),
    answers: {
      '201': {
        ...json('Created: its id and base URLs.', isolatedSandboxSchema, 'AdminIsolatedSandbox'),
        // A pipeline step with curl and a shell only reads the id from here (curl -w '%header{location}'), no JSON parser needed.
        headers: { Location: 'The isolated sandbox, as DELETE takes it: /__admin/sandboxes/{id}' },
      },
      ...refusals(...BODY_REFUSALS, 404, 429),
    },
    handler:
      (deps) =>
      async (c, { body }) => {
        const control = registry(deps);
        // Over HTTP only the shipped scenario names, as /__admin/reset: a path would read any file.
        const known = deps.world.scenarios().map((s) => s.name);
        if (body.scenario !== undefined && !known.includes(body.scenario)) {
          throw new AdminError(
            400,
            `unknown scenario '${body.scenario}'.${didYouMean(body.scenario, known)} Known scenarios: ${known.join(', ')}. A sandbox made over HTTP takes a shipped scenario only: a path would let any caller read any file.`,
          );
        }
        // Checked and reserved in the same tick (create takes its slot before awaiting), so concurrent calls cannot overshoot.
        if (control.count() >= control.max) {
          throw new AdminError(
            429,
            `${control.max} isolated sandboxes are live, the most this process keeps. DELETE /__admin/sandboxes/{id} the ones a finished test left, ` +
              `or wait: unused ones expire after ${Math.round(control.idleMs / 1000)} s.`,
          );
        }
        const made = summaryOf(await control.create(body));
        return c.json(made, 201, { Location: `/__admin/sandboxes/${made.id}` });
      },
  }),
  adminOperation<SandboxDeps>({
    op: 'listIsolatedSandboxes',
    method: 'GET',
    path: '/__admin/sandboxes',
    summary: 'The live isolated sandboxes: id, scenario, clock, created, last used',
    answers: { '200': json('The live isolated sandboxes.', isolatedSandboxesSchema, 'AdminIsolatedSandboxes'), ...refusals(404) },
    handler: (deps) => (c) => {
      const control = registry(deps);
      return c.json({ max: control.max, idleMs: control.idleMs, sandboxes: control.list() });
    },
  }),
  adminOperation<SandboxDeps>({
    op: 'deleteIsolatedSandbox',
    method: 'DELETE',
    path: '/__admin/sandboxes/:id',
    summary: 'Dispose of an isolated sandbox (its URLs answer 404 after)',
    answers: { '200': json('Disposed of.', isolatedSandboxDeletedSchema, 'AdminIsolatedSandboxDeleted'), ...refusals(404) },
    handler: (deps) => async (c) => {
      const id = c.req.param('id') ?? '';
      if (!(await registry(deps).remove(id)))
        throw new AdminError(
          404,
          `No isolated sandbox '${id}' (deleted, expired, or never created); GET /__admin/sandboxes lists the live ones.`,
        );
      return c.json({ status: 'deleted', id });
    },
  }),
];
