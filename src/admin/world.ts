/**
 * /__admin: health, hosts, scenarios, reset, and the merchants of each environment.
 */
import { z } from 'zod';
import { ENVIRONMENTS, SURFACES, SURFACE_RECORDS, isEnvName, type EnvName } from '../hosts.js';
import type { AnyOperation } from '../http/operation.js';
import { AdminError } from './errors.js';
import { didYouMean } from '../spelling.js';
import type { AdminDeps } from './deps.js';
import { type ApiClient, MERCHANT_FIELDS, type Merchant, STORE_FIELDS, type Store, fieldsOf } from '../domain/merchant.js';
import { toMajor } from '../domain/money.js';
import { BODY_REFUSALS, adminOperation, json, jsonBody, refusals } from './operation.js';
import {
  type MerchantAnswer,
  healthSchema,
  hostListSchema,
  merchantsSchema,
  resetSchema as resetAnswerSchema,
  scenariosSchema,
} from './answers/world.js';

const resetBodySchema = z.object({ scenario: z.string().min(1).optional() }).strict();

export function envParam(value: string | undefined): EnvName {
  const env = (value ?? '').toLowerCase();
  if (!isEnvName(env)) throw new AdminError(404, `Unknown environment '${value}'; use 'uat' or 'prod'.`);
  return env;
}

type WorldDeps = Pick<AdminDeps, 'clock' | 'services' | 'urls' | 'world'>;

export const WORLD_OPERATIONS: readonly AnyOperation<WorldDeps>[] = [
  adminOperation<WorldDeps>({
    op: 'getHealth',
    method: 'GET',
    path: '/__admin/health',
    summary: 'Liveness, scenario and clock',
    description: 'Answers without the admin token (a container health check calls it bare).',
    answers: { '200': json('The sandbox is ready.', healthSchema, 'AdminHealth'), ...refusals() },
    handler: (deps) => (c) => c.json({ status: 'ok', scenario: deps.world.scenario(), clock: deps.clock.state() }),
  }),
  adminOperation<WorldDeps>({
    op: 'listHosts',
    method: 'GET',
    path: '/__admin/hosts',
    summary: 'Every surface: real host, base URL, dedicated URL',
    answers: { '200': json('Every (env, surface).', hostListSchema, 'AdminHosts'), ...refusals() },
    handler: (deps) => (c) =>
      c.json({
        hosts: ENVIRONMENTS.flatMap((env) =>
          SURFACES.map((surface) => ({
            env,
            surface,
            placeholder: SURFACE_RECORDS[surface].placeholder,
            realHost: deps.urls.hosts[env][surface].host,
            aliases: deps.urls.hosts[env][surface].aliases,
            baseUrl: deps.urls.baseUrl(env, surface),
            dedicatedUrl: deps.world.dedicatedUrl(env, surface),
            httpsUrl: deps.world.httpsUrl(env, surface),
            hostHeader: deps.urls.hosts[env][surface].host,
          })),
        ),
      }),
  }),
  adminOperation<WorldDeps>({
    op: 'getTlsCaCertificate',
    method: 'GET',
    path: '/__admin/tls/ca.crt',
    summary: 'The CA certificate of the HTTPS listener (PEM)',
    description:
      'The certificate authority that signed the certificates of the real host names served with --tls (SANDBOX_TLS=1), for a client to trust ' +
      "(PHP's CURLOPT_CAINFO, NODE_EXTRA_CA_CERTS, curl --cacert). Answers without the admin token: a certificate is public. 404 without --tls.",
    answers: { '200': { description: 'The CA certificate, PEM.', contentType: 'application/x-pem-file' }, ...refusals(404) },
    handler: (deps) => () => {
      const pem = deps.world.tlsCaCert();
      if (pem === null)
        throw new AdminError(
          404,
          'This sandbox serves no HTTPS, so it has no CA: start it with --tls (or SANDBOX_TLS=1) to serve the real host names over HTTPS.',
        );
      return new Response(pem, {
        headers: { 'content-type': 'application/x-pem-file', 'content-disposition': 'attachment; filename="checkout-sandbox-ca.crt"' },
      });
    },
  }),
  adminOperation<WorldDeps>({
    op: 'listScenarios',
    method: 'GET',
    path: '/__admin/scenarios',
    summary: 'The shipped scenarios',
    answers: { '200': json('The shipped scenarios and the current one.', scenariosSchema, 'AdminScenarios'), ...refusals() },
    handler: (deps) => (c) => c.json({ current: deps.world.scenario(), scenarios: deps.world.scenarios() }),
  }),
  adminOperation<WorldDeps, z.infer<typeof resetBodySchema>>({
    op: 'resetWorld',
    method: 'POST',
    path: '/__admin/reset',
    summary: 'Reseed from a scenario',
    description:
      'With no body: back to the scenario the sandbox runs (a YAML file given with --scenario <path> at start-up included). ' +
      'With {"scenario": …}: a shipped scenario name, or the start-up file by its scenario name or its path. ' +
      'Any other file needs a restart with --scenario <path>: a path over HTTP would let any caller read any file.',
    body: jsonBody(resetBodySchema, 'AdminReset', { required: false }),
    answers: { '200': json('Reseeded.', resetAnswerSchema, 'AdminResetDone'), ...refusals(...BODY_REFUSALS, 503) },
    handler:
      (deps) =>
      async (c, { body }) => {
        const control = deps.world;
        if (body.scenario !== undefined) refuseUnknownScenario(body.scenario, control);
        try {
          await control.reset(body.scenario);
        } catch (error) {
          throw new AdminError(400, (error as Error).message);
        }
        return c.json({ status: 'reset', scenario: control.scenario(), clock: deps.clock.state() });
      },
  }),
  adminOperation<WorldDeps>({
    op: 'listMerchants',
    method: 'GET',
    path: '/__admin/:env/merchants',
    summary: 'Merchants, stores, SharedKeys and API clients',
    answers: { '200': json('The merchants of the environment.', merchantsSchema, 'AdminMerchants'), ...refusals(404) },
    handler: (deps) => (c) => {
      const env = envParam(c.req.param('env'));
      const services = deps.services.env(env);
      return c.json({ env, merchants: services.merchants.list().map((m) => merchantView(m, services.apiClients.list(m.id))) });
    },
  }),
];

/** Over HTTP a reset reads only the shipped scenarios and the file the sandbox started from: a path would let any caller read any file. */
function refuseUnknownScenario(asked: string, control: WorldDeps['world']): void {
  const known = control.scenarios().map((s) => s.name);
  const file = control.startFile();
  if (known.includes(asked)) return;
  if (file !== null && (asked === file.name || asked === file.given || asked === file.path)) return;
  const fileForms =
    file === null
      ? 'A YAML file of your own is read only at start-up (--scenario <path> or SANDBOX_SCENARIO); after that a reset with no body, its name or that path goes back to it.'
      : `This sandbox started from ${file.given} (scenario '${file.name}'): a reset with no body, {"scenario": "${file.name}"} or {"scenario": "${file.given}"} goes back to it; another file needs a restart with --scenario <path>.`;
  const names = file === null ? known : [...known, file.name];
  throw new AdminError(400, `unknown scenario '${asked}'.${didYouMean(asked, names)} Known scenarios: ${known.join(', ')}. ${fileForms}`);
}

/** A merchant as the admin API shows it: its record's fields, fees in major units, API clients without their secrets. */
export function merchantView(m: Merchant, apiClients: ApiClient[]): MerchantAnswer {
  const { webhookHmacKey, ...fields } = fieldsOf(m, MERCHANT_FIELDS);
  return {
    ...fields,
    stores: m.stores.map(storeView),
    webhookSigningKey: webhookHmacKey,
    // Secrets are stored hashed and never shown, as in the real portal.
    apiClients: apiClients.map((client) => ({
      ...fieldsOf(client, ['clientId', 'name', 'revokedAt']),
      secrets: client.secrets.map((secret) => fieldsOf(secret, ['secretId', 'hint', 'createdAt', 'expiresAt'])),
    })),
  };
}

/** A store with its profiles (null: none set up), fees in major units. */
function storeView(store: Store): MerchantAnswer['stores'][number] {
  const { profiles, ...fields } = fieldsOf(store, STORE_FIELDS);
  return {
    ...fields,
    profiles:
      profiles?.map((profile) => ({
        name: profile.name,
        deliveryModule: profile.deliveryModule && {
          provider: profile.deliveryModule.provider,
          carriers: profile.deliveryModule.carriers.map((carrier) => ({
            ...carrier,
            options: carrier.options.map((option) => ({ ...option, fee: toMajor(option.fee) })),
          })),
        },
      })) ?? null,
  };
}
