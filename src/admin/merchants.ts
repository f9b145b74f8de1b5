/**
 * POST /__admin/{env}/merchants: a shop's own merchant, with its stores and credentials
 * (SharedKey and API clients), added to the running world, so a shop's configuration is used
 * as it is instead of the scenario's. The body is a scenario file's merchant entry, field for
 * field (docs/scenarios.md shows both); seeded checkouts and orders stay the scenario's.
 */
import type { z } from 'zod';
import type { AnyOperation } from '../http/operation.js';
import { merchantEntrySchema } from '../domain/merchant.js';
import { merchantSchema } from './answers/world.js';
import type { AdminDeps } from './deps.js';
import { AdminError } from './errors.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import { envParam, merchantView } from './world.js';

type MerchantDeps = Pick<AdminDeps, 'clock' | 'services'>;

export const MERCHANT_OPERATIONS: readonly AnyOperation<MerchantDeps>[] = [
  adminOperation<MerchantDeps, z.infer<typeof merchantEntrySchema>>({
    op: 'addMerchant',
    method: 'POST',
    path: '/__admin/:env/merchants',
    summary: "Add a shop's own merchant, stores and credentials",
    description:
      "The body is a scenario file's merchant entry (id, name, stores, sharedKey, apiClients with clientId and clientSecret, callback URLs). " +
      '200 with the merchant when one of the same id has the same name, stores, SharedKey and API clients (secrets included): a second run of the same job goes on. ' +
      '409 when the merchant of that id differs (the message names each differing field), or another merchant has its SharedKey username, a store id or a client id. ' +
      'A reset forgets it; a scenario file keeps it.',
    body: jsonBody(merchantEntrySchema, 'AdminMerchantCreate'),
    answers: {
      '201': json('The merchant as GET /__admin/{env}/merchants lists it (client secrets as hints).', merchantSchema, 'AdminMerchant'),
      '200': json('Registered already with these same settings: the merchant as it is.', merchantSchema, 'AdminMerchant'),
      ...refusals(...BODY_REFUSALS, 404, 409, 503),
    },
    handler:
      (deps) =>
      async (c, { body }) => {
        const env = envParam(c.req.param('env'));
        const merchants = deps.services.env(env).merchants;
        if (merchants.differencesFrom(body)?.length === 0) {
          const same = merchants.byId(body.id)!;
          return c.json(merchantView(same, deps.services.env(env).apiClients.list(same.id)), 200);
        }
        const conflict = merchants.conflictOf(body);
        if (conflict !== null)
          throw new AdminError(409, `Not added: ${conflict} in ${env.toUpperCase()}. GET /__admin/${env}/merchants lists what is taken.`);
        const { merchant, apiClients } = await merchants.add(body, deps.clock.iso());
        return c.json(merchantView(merchant, apiClients), 201);
      },
  }),
];
