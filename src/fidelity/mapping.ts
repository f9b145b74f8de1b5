/**
 * Who the recorded merchant is in the replay's world. A team records with its own store and
 * API client; the world has the scenario's. `--map store:5678=1234` and
 * `--map client:<real id>=<scenario id>` say so; without them a recorded id the scenario has
 * stays as it is, and one it lacks goes to the scenario's only store (client) of that
 * environment. Anything else is a usage error that names the flag to add.
 */
import type { EnvName } from '../hosts.js';
import type { Scenario } from '../store/scenario.js';
import type { OperationMatch } from './operations.js';
import type { Exchange } from './recording.js';

const MAP_KINDS = ['store', 'client'] as const;
export type MapKind = (typeof MAP_KINDS)[number];

export interface MapSpec {
  kind: MapKind;
  real: string;
  sandbox: string;
}

/** `store:5678=1234` → a MapSpec; throws with the accepted form on anything else. */
export function parseMap(text: string): MapSpec {
  const match = /^([a-z]+):([^=]+)=(.+)$/.exec(text.trim());
  if (!match || !(MAP_KINDS as readonly string[]).includes(match[1]!)) {
    throw new Error(`--map ${text}: expected KIND:REAL=SANDBOX with KIND one of ${MAP_KINDS.join(', ')}, e.g. --map store:5678=1234`);
  }
  return { kind: match[1] as MapKind, real: match[2]!.trim(), sandbox: match[3]!.trim() };
}

export interface ApiClientCredentials {
  clientId: string;
  clientSecret: string;
  merchantId: string;
}

export interface SharedKeyCredentials {
  merchantId: string;
  username: string;
  key: string;
}

/** The scenario's merchants, stores, SharedKeys and API clients, per environment. */
export class WorldDirectory {
  constructor(private readonly scenario: Scenario) {}

  stores(env: EnvName): string[] {
    return this.merchants(env).flatMap((m) => m.stores.map((s) => String(s.id)));
  }

  clients(env: EnvName): ApiClientCredentials[] {
    return this.merchants(env).flatMap((m) =>
      (m.apiClients ?? []).map((c) => ({ clientId: c.clientId, clientSecret: c.clientSecret, merchantId: m.id })),
    );
  }

  client(env: EnvName, clientId: string): ApiClientCredentials | undefined {
    return this.clients(env).find((c) => c.clientId.toLowerCase() === clientId.toLowerCase());
  }

  /** A merchant's first API client (tokens for catch-ups and for bearer calls whose token was never recorded). */
  clientOf(env: EnvName, merchantId: string): ApiClientCredentials | undefined {
    return this.clients(env).find((c) => c.merchantId === merchantId);
  }

  merchantOfStore(env: EnvName, storeId: string): string | undefined {
    return this.merchants(env).find((m) => m.stores.some((s) => String(s.id) === storeId))?.id;
  }

  sharedKey(env: EnvName, merchantId: string): SharedKeyCredentials | undefined {
    const merchant = this.merchants(env).find((m) => m.id === merchantId);
    return merchant && { merchantId: merchant.id, username: merchant.sharedKey.username, key: merchant.sharedKey.key };
  }

  merchantIds(env: EnvName): string[] {
    return this.merchants(env).map((m) => m.id);
  }

  firstMerchant(env: EnvName): string | undefined {
    return this.merchants(env)[0]?.id;
  }

  private merchants(env: EnvName): Scenario['environments'][EnvName]['merchants'] {
    return this.scenario.environments[env].merchants;
  }
}

/** The ids a recording uses for its stores and API clients, per kind and environment. */
export function recordedIds(
  exchanges: readonly { exchange: Exchange; operation: OperationMatch }[],
): { kind: MapKind; env: EnvName; id: string }[] {
  const found = new Map<string, { kind: MapKind; env: EnvName; id: string }>();
  const add = (kind: MapKind, env: EnvName, id: string | undefined): void => {
    if (id !== undefined && id !== '' && !id.startsWith('redacted:')) found.set(`${kind}|${env}|${id}`, { kind, env, id });
  };
  for (const { exchange, operation } of exchanges) {
    // A call the service made to the merchant names no store or client of the merchant's own.
    if (exchange.outgoing) continue;
    add('store', exchange.env, operation.params.storeId);
    const body = exchange.request.body;
    if (body && 'json' in body && body.json !== null && typeof body.json === 'object' && !Array.isArray(body.json)) {
      const entry = Object.entries(body.json).find(([key]) => key.toLowerCase() === 'storeid');
      if (entry && (typeof entry[1] === 'string' || typeof entry[1] === 'number')) add('store', exchange.env, String(entry[1]));
    }
    if (body && 'text' in body) add('client', exchange.env, formField(body.text, 'client_id'));
  }
  return [...found.values()];
}

/**
 * Every recorded store and client id paired with the world's: --map first, then the same id,
 * then the environment's only one. Returns the pairs to learn and the ids left unmapped.
 */
export function resolveMappings(
  recorded: readonly { kind: MapKind; env: EnvName; id: string }[],
  directory: WorldDirectory,
  specs: readonly MapSpec[],
): { pairs: [string, string][]; problems: string[] } {
  const pairs: [string, string][] = [];
  const problems: string[] = [];
  for (const spec of specs) if (spec.real !== spec.sandbox) pairs.push([spec.real, spec.sandbox]);
  for (const { kind, env, id } of recorded) {
    if (specs.some((s) => s.kind === kind && s.real.toLowerCase() === id.toLowerCase())) continue;
    const known = kind === 'store' ? directory.stores(env) : directory.clients(env).map((c) => c.clientId);
    if (known.some((k) => k.toLowerCase() === id.toLowerCase())) continue;
    if (known.length === 1) {
      pairs.push([id, known[0]!]);
      continue;
    }
    problems.push(
      `the recording's ${env.toUpperCase()} ${kind} ${id} is not in the scenario, which has ${known.length ? known.join(', ') : `no ${kind}`}: ` +
        `add --map ${kind}:${id}=${known[0] ?? '<id>'} (or choose a --scenario that has it)`,
    );
  }
  return { pairs, problems };
}

/** A field of a form or multipart body (token requests), as sent. */
export function formField(text: string, name: string): string | undefined {
  const form = new RegExp(`(?:^|&)${name}=([^&\\s]*)`).exec(text);
  if (form) {
    try {
      return decodeURIComponent(form[1]!.replace(/\+/g, ' '));
    } catch {
      return form[1];
    }
  }
  return new RegExp(`name="${name}"[^\\r\\n]*\\r?\\n(?:[^\\r\\n]+\\r?\\n)*\\r?\\n([^\\r\\n]*)`).exec(text)?.[1];
}
