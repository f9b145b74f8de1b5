/**
 * GET /__admin/fidelity: where the real service and the sandbox differ, while
 * `checkout-sandbox record --compare` forwards traffic (src/fidelity/live.ts fills it). The
 * control plane only shows what it is given: the comparison lives above it, in src/fidelity/.
 * A sandbox that is not comparing says so, with the way to start one that is.
 */
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { fidelitySchema } from './answers/fidelity.js';
import { adminOperation, json } from './operation.js';

type FidelityDeps = Pick<AdminDeps, 'fidelity'>;

export const FIDELITY_OPERATIONS: readonly AnyOperation<FidelityDeps>[] = [
  adminOperation<FidelityDeps>({
    op: 'getFidelity',
    method: 'GET',
    path: '/__admin/fidelity',
    summary: 'The live comparison with the real service (record --compare)',
    answers: { '200': json('The comparison so far, or a note that this sandbox is not comparing.', fidelitySchema, 'AdminFidelity') },
    handler: (deps) => (c) => {
      if (!deps.fidelity) {
        return c.json({
          comparing: false,
          message:
            'This sandbox is not comparing with a real service. Start `checkout-sandbox record --out DIR --compare` and send traffic through it (npx checkout-sandbox record --help).',
        });
      }
      return c.json({ comparing: true, ...deps.fidelity.snapshot() });
    },
  }),
];
