/**
 * /__admin/sandboxes: isolated sandboxes for parallel tests. Each has its own state, clock
 * and event stream, is addressed by /sandboxes/{id}/… or the X-Sandbox-Id header, and lives
 * until deleted or idle for the configured time. Only the main world serves these; an
 * isolated one answers 404 (they do not nest).
 */
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AdminDeps, IsolatedSummary, SandboxesControl } from './deps.js';
import { AdminError, adminBody, instantField } from './errors.js';

export const createIsolatedSchema = z
  .object({
    scenario: z.string().min(1).optional(),
    now: instantField.optional(),
    frozen: z.boolean().optional(),
  })
  .strict();

/**
 * Only the summary's own fields: the registry hands back more than its interface says (the
 * world itself, with its store and settings), which must not reach the wire.
 */
function summaryOf(made: IsolatedSummary): IsolatedSummary {
  const { id, scenario, clock, created, lastUsed, baseUrls } = made;
  return { id, scenario, clock, created, lastUsed, baseUrls };
}

export function registerSandboxAdmin(admin: Hono, deps: Pick<AdminDeps, 'sandboxes' | 'world'>): void {
  const registry = (): SandboxesControl => {
    if (deps.sandboxes === null) {
      throw new AdminError(404, 'Isolated sandboxes do not nest: create and list them on the main admin plane, /__admin/sandboxes without the /sandboxes/{id} prefix or X-Sandbox-Id header.');
    }
    return deps.sandboxes;
  };

  admin.post('/__admin/sandboxes', async (c) => {
    const control = registry();
    const body = await adminBody(c, createIsolatedSchema);
    // Over HTTP only the shipped scenario names, as /__admin/reset: a path would read any file.
    const known = deps.world.scenarios().map((s) => s.name);
    if (body.scenario !== undefined && !known.includes(body.scenario)) {
      throw new AdminError(400, `unknown scenario '${body.scenario}'; known scenarios: ${known.join(', ')}`);
    }
    // Checked and reserved in the same tick (create takes its slot before awaiting), so concurrent calls cannot overshoot.
    if (control.count() >= control.max) {
      throw new AdminError(
        429,
        `${control.max} isolated sandboxes are live, the most this process keeps. DELETE /__admin/sandboxes/{id} the ones a finished test left, ` +
          `or wait: unused ones expire after ${Math.round(control.idleMs / 1000)} s.`,
      );
    }
    return c.json(summaryOf(await control.create(body)), 201);
  });

  admin.get('/__admin/sandboxes', (c) => {
    const control = registry();
    return c.json({ max: control.max, idleMs: control.idleMs, sandboxes: control.list() });
  });

  admin.delete('/__admin/sandboxes/:id', async (c) => {
    const id = c.req.param('id');
    if (!(await registry().remove(id))) throw new AdminError(404, `No isolated sandbox '${id}' (deleted, expired, or never created); GET /__admin/sandboxes lists the live ones.`);
    return c.json({ status: 'deleted', id });
  });
}
