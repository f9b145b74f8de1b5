/**
 * /__admin/deliveries: the outbox worker that makes the sandbox's calls to a shop's endpoints
 * (notifications, webhooks, invoice status) beside the requests. A request never waits for
 * them; a test that wants to read what was delivered first waits here, as the library's
 * `sandbox.deliveries.settled()` does, instead of sleeping.
 */
import { z } from 'zod';
import type { AnyOperation } from '../http/operation.js';
import type { AdminDeps } from './deps.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { deliveryStateSchema } from './answers/deliveries.js';

/** Longer than a merchant call's own limit, so one slow attempt fits; short enough that a client's timeout is not reached first. */
const DEFAULT_WAIT_SECONDS = 30;

const settleSchema = z
  .object({
    timeoutSeconds: z
      .number()
      .positive()
      .max(600)
      .optional()
      .meta({ description: `How long to wait at most (default ${DEFAULT_WAIT_SECONDS} s).` }),
  })
  .strict();

type DeliveryDeps = Pick<AdminDeps, 'deliveries'>;

const STATE = json('Where the deliveries stand.', deliveryStateSchema, 'AdminDeliveries');

function answer(deps: DeliveryDeps): z.infer<typeof deliveryStateSchema> {
  const state = deps.deliveries.state();
  return { settled: state.due === 0 && !state.delivering, ...state };
}

export const DELIVERY_OPERATIONS: readonly AnyOperation<DeliveryDeps>[] = [
  adminOperation<DeliveryDeps>({
    op: 'getDeliveries',
    method: 'GET',
    path: '/__admin/deliveries',
    summary: 'Where the deliveries to the shop stand',
    answers: { '200': STATE, ...refusals() },
    handler: (deps) => (c) => c.json(answer(deps)),
  }),
  adminOperation<DeliveryDeps, z.infer<typeof settleSchema>>({
    op: 'settleDeliveries',
    method: 'POST',
    path: '/__admin/deliveries/settle',
    summary: 'Wait until every delivery due by now was attempted',
    description:
      'Answers once the work the clock made due is done and every notification, webhook and invoice-status call due by now has been attempted ' +
      '(each attempt within the merchant call time limit), or after timeoutSeconds with settled: false.',
    body: jsonBody(settleSchema, 'AdminDeliveriesSettle', { required: false }),
    answers: { '200': STATE, ...refusals(...BODY_REFUSALS) },
    handler:
      (deps) =>
      async (c, { body }) => {
        const waitMs = (body.timeoutSeconds ?? DEFAULT_WAIT_SECONDS) * 1000;
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
        await Promise.race([deps.deliveries.settled(), timedOut]);
        clearTimeout(timer);
        return c.json(answer(deps));
      },
  }),
];
