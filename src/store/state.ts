/**
 * The world of one sandbox in memory: both environments' records in keyed collections,
 * plus the scenario's settings and the clock. The snapshot file (snapshot.ts) is the same
 * world as plain JSON arrays, the format people read, seed and diff.
 */
import type { ClockSnapshot } from '../clock.js';
import type { ApiClient, Checkout, Merchant, Order } from '../domain/model.js';
import type { Settings } from '../domain/settings.js';
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import { Collection } from './collection.js';

export type { Settings };

/** Records other than the four main collections carry their own key in `id`. */
export interface KeyedRecord {
  id: string;
}

export const MAIN_COLLECTIONS = ['merchants', 'apiClients', 'checkouts', 'orders'] as const;
export type MainCollection = (typeof MAIN_COLLECTIONS)[number];

export class EnvState {
  readonly merchants = new Collection<Merchant>((m) => m.id).withIndex('username', (m) => m.sharedKey.username);
  readonly apiClients = new Collection<ApiClient>((c) => c.clientId.toLowerCase());
  /** privateIds match case-insensitively (clients lower-case ids); public tokens are exact. */
  readonly checkouts = new Collection<Checkout>((c) => c.privateId.toLowerCase()).withIndex('publicToken', (c) => c.publicToken);
  /** WooCommerce lower-cases order ids (service-facts §10.11). */
  readonly orders = new Collection<Order>((o) => o.orderId.toLowerCase());
  private readonly named = new Map<string, Collection<KeyedRecord>>();

  /** A collection by name: one of the four main ones, or a named record collection (callbacks, idempotency, …). */
  collection(name: string): Collection<object> {
    switch (name) {
      case 'merchants':
      case 'apiClients':
      case 'checkouts':
      case 'orders':
        return this[name] as unknown as Collection<object>;
      default:
        return this.records(name) as unknown as Collection<object>;
    }
  }

  records<T extends KeyedRecord>(name: string): Collection<T> {
    let collection = this.named.get(name);
    if (!collection) {
      collection = new Collection<KeyedRecord>((r) => r.id);
      this.named.set(name, collection);
    }
    return collection as unknown as Collection<T>;
  }

  recordNames(): string[] {
    return [...this.named.keys()];
  }
}

export interface StateMeta {
  scenario: string;
  seed: number;
  seededAt: string;
}

export class SandboxState {
  readonly environments: Record<EnvName, EnvState>;

  constructor(
    public meta: StateMeta,
    public settings: Settings,
    public clock: ClockSnapshot | null,
  ) {
    this.environments = { uat: new EnvState(), prod: new EnvState() };
  }

  env(env: EnvName): EnvState {
    return this.environments[env];
  }
}

export { ENVIRONMENTS };

/**
 * One change to the world. Services describe what they change; the store applies it in
 * memory at once (so a check and its change never interleave with another request) and
 * appends it to the change log before the caller answers.
 */
export type Change =
  | { t: 'put'; env: EnvName; c: string; v: object }
  | { t: 'settings'; v: Settings }
  | { t: 'clock'; v: ClockSnapshot };

export const put = (env: EnvName, collection: string, value: object): Change => ({ t: 'put', env, c: collection, v: value });
