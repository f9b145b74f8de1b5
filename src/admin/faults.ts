/**
 * /__admin/faults: fault rules of this sandbox (src/control/faults.ts, docs/faults.md).
 *   POST   /__admin/faults        add a rule → 201 with the rule and its id
 *   GET    /__admin/faults        every rule, with how often it fired and how many remain
 *   DELETE /__admin/faults        remove every rule
 *   DELETE /__admin/faults/{id}   remove one
 * Rules live in memory only; a reset replaces them with the scenario's.
 */
import type { Hono } from 'hono';
import { faultRuleSchema } from '../domain/fault-rule.js';
import type { AdminDeps } from './deps.js';
import { AdminError, adminBody } from './errors.js';

export { faultRuleSchema };

export function registerFaultAdmin(admin: Hono, deps: Pick<AdminDeps, 'faults'>): void {
  admin.post('/__admin/faults', async (c) => {
    const rule = await adminBody(c, faultRuleSchema);
    return c.json(deps.faults.add(rule), 201);
  });

  admin.get('/__admin/faults', (c) => c.json({ faults: deps.faults.list() }));

  admin.delete('/__admin/faults', (c) => {
    const removed = deps.faults.list().length;
    deps.faults.clear();
    return c.json({ removed });
  });

  admin.delete('/__admin/faults/:id', (c) => {
    const id = c.req.param('id');
    if (!deps.faults.remove(id)) {
      const known = deps.faults.list().map((f) => f.id);
      throw new AdminError(404, `No fault rule '${id}'. ${known.length ? `Listed: ${known.join(', ')}.` : 'No rule is listed.'} GET /__admin/faults lists them.`);
    }
    return c.json({ removed: 1 });
  });
}
