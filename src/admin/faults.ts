/**
 * /__admin/faults: fault rules of this sandbox (src/faults/faults.ts, docs/faults.md).
 *   POST   /__admin/faults        add a rule → 201 with the rule and its id
 *   GET    /__admin/faults        every rule, with how often it fired and how many remain
 *   DELETE /__admin/faults        remove every rule
 *   DELETE /__admin/faults/{id}   remove one
 * Rules live in memory only; a reset replaces them with the scenario's.
 */
import type { z } from 'zod';
import { FAULT_EFFECTS, faultRuleSchema, faultViewSchema } from '../domain/fault-rule.js';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { faultListSchema, faultsRemovedSchema } from './answers/faults.js';

type FaultDeps = Pick<AdminDeps, 'faults'>;

const REMOVED = json('How many rules were removed.', faultsRemovedSchema, 'AdminFaultsRemoved');

export const FAULT_OPERATIONS: readonly AnyOperation<FaultDeps>[] = [
  adminOperation<FaultDeps, z.infer<typeof faultRuleSchema>>({
    op: 'addFault',
    method: 'POST',
    path: '/__admin/faults',
    summary: `Add a fault rule (${FAULT_EFFECTS.join(', ')})`,
    body: jsonBody(faultRuleSchema, 'AdminFaultRule'),
    answers: { '201': json('The rule, with its id.', faultViewSchema, 'AdminFault'), ...refusals(...BODY_REFUSALS) },
    handler:
      (deps) =>
      (c, { body }) =>
        c.json(deps.faults.add(body), 201),
  }),
  adminOperation<FaultDeps>({
    op: 'listFaults',
    method: 'GET',
    path: '/__admin/faults',
    summary: 'Fault rules, how often each fired and how many remain',
    answers: { '200': json('Every fault rule.', faultListSchema, 'AdminFaults'), ...refusals() },
    handler: (deps) => (c) => c.json({ faults: deps.faults.list() }),
  }),
  adminOperation<FaultDeps>({
    op: 'clearFaults',
    method: 'DELETE',
    path: '/__admin/faults',
    summary: 'Remove every fault rule',
    answers: { '200': REMOVED, ...refusals() },
    handler: (deps) => (c) => {
      const removed = deps.faults.list().length;
      deps.faults.clear();
      return c.json({ removed });
    },
  }),
  adminOperation<FaultDeps>({
    op: 'removeFault',
    method: 'DELETE',
    path: '/__admin/faults/:id',
    summary: 'Remove one fault rule',
    answers: { '200': REMOVED, ...refusals(404) },
    handler: (deps) => (c) => {
      const id = c.req.param('id') ?? '';
      if (!deps.faults.remove(id)) {
        const known = deps.faults.list().map((f) => f.id);
        throw new AdminError(
          404,
          `No fault rule '${id}'. ${known.length ? `Listed: ${known.join(', ')}.` : 'No rule is listed.'} GET /__admin/faults lists them.`,
        );
      }
      return c.json({ removed: 1 });
    },
  }),
];
