/**
 * The world of one sandbox in memory: both environments' records in keyed collections,
 * plus the scenario's settings and the clock. The snapshot file (snapshot.ts) is the same
 * world as plain JSON arrays, the format people read, seed and diff.
 */
import type { ClockSnapshot } from '../clock.js';
import type { Checkout, Order } from '../domain/model.js';
import type { ApiClient, Merchant } from '../domain/merchant.js';
import type { CollectionName, CollectionTypes, RecordName, RecordTypes } from '../domain/records.js';
import type { Settings } from '../domain/settings.js';
import type { EnvName } from '../hosts.js';
import { Collection } from './collection.js';

export type { Settings };

/** Records other than the four main collections carry their own key in `id`. */
export interface KeyedRecord {
  id: string;
}

export const MAIN_COLLECTIONS = ['merchants', 'apiClients', 'checkouts', 'orders'] as const;

export class EnvState {
  readonly merchants = new Collection<Merchant>((m) => m.id).withIndex('username', (m) => m.sharedKey.username);
  readonly apiClients = new Collection<ApiClient>((c) => c.clientId.toLowerCase());
  /** privateIds match case-insensitively (clients lower-case ids); public tokens are exact. */
  readonly checkouts = new Collection<Checkout>((c) => c.privateId.toLowerCase()).withIndex('publicToken', (c) => c.publicToken);
  /** WooCommerce lower-cases order ids (docs/real-service.md, "Order ids"). */
  readonly orders = new Collection<Order>((o) => o.orderId.toLowerCase());
  private readonly named = new Map<string, Collection<KeyedRecord>>();

  /**
   * A collection by a name read from disk (the snapshot, the change log): one of the four main
   * ones, or a kept record collection. Untyped: it only moves rows between memory and disk.
   */
  collection(name: string): Collection<object> {
    switch (name) {
      // The one place rows lose their type: they come from (and go to) JSON.
      case 'merchants':
        return this.merchants as unknown as Collection<object>;
      case 'apiClients':
        return this.apiClients as unknown as Collection<object>;
      case 'checkouts':
        return this.checkouts as unknown as Collection<object>;
      case 'orders':
        return this.orders as unknown as Collection<object>;
      default:
        return this.recordsNamed(name) as unknown as Collection<object>;
    }
  }

  /** A kept record collection, typed by its name (RecordTypes in src/domain/records.ts). */
  records<K extends RecordName>(name: K): Collection<RecordTypes[K]> {
    // Every record carries its own key in `id` (KeyedRecord), so one collection type serves them all.
    return this.recordsNamed(name) as Collection<KeyedRecord> as unknown as Collection<RecordTypes[K]>;
  }

  private recordsNamed(name: string): Collection<KeyedRecord> {
    let collection = this.named.get(name);
    if (!collection) {
      collection = withLookups(name, new Collection<KeyedRecord>((r) => r.id));
      this.named.set(name, collection);
    }
    return collection;
  }

  recordNames(): string[] {
    return [...this.named.keys()];
  }
}

/** Names of the lookups withLookups adds, for the services that use them. */
export const LOOKUPS = {
  /** reauthorizations: the one credit check of an order still Pending, by orderId. */
  pendingOfOrder: 'pendingOfOrder',
  /** authorizations with attempts left; on-hold reviews that resolve by themselves. */
  due: 'due',
  /** callbacks with an attempt still to make, by when it is due (a queue: earliest first). */
  nextAttempt: 'nextAttempt',
} as const;

/**
 * What services find among kept records without scanning them: an order's pending credit
 * check, and the few records the sandbox clock's work visits, which are otherwise lost among
 * every callback, authorization and review ever made.
 */
function withLookups(name: string, collection: Collection<KeyedRecord>): Collection<KeyedRecord> {
  const as = <R extends RecordName>(_name: R) => collection as unknown as Collection<RecordTypes[R]>;
  switch (name) {
    case 'reauthorizations':
      as('reauthorizations').withIndex(LOOKUPS.pendingOfOrder, (r) => (r.status === 'Pending' ? r.orderId : null));
      break;
    case 'callbacks':
      // An instant that does not parse (a hand-edited state file) is never due, rather than out of order.
      as('callbacks').withQueue(LOOKUPS.nextAttempt, (r) => {
        const due = r.state === 'pending' && r.nextAttemptAt !== null ? Date.parse(r.nextAttemptAt) : Number.NaN;
        return Number.isNaN(due) ? null : due;
      });
      break;
    case 'authorizations':
      as('authorizations').withSubset(
        LOOKUPS.due,
        (a) => a.status !== 'Authorized' && a.status !== 'Failed' && a.attemptsMade < a.attemptsDue.length,
      );
      break;
    case 'onHoldReviews':
      as('onHoldReviews').withSubset(LOOKUPS.due, (r) => r.state === 'pending' && r.dueAt !== null);
      break;
  }
  return collection;
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

/**
 * One change to the world. Services describe what they change; the store applies it in
 * memory at once (so a check and its change never interleave with another request) and
 * appends it to the change log before the caller answers.
 */
export type Change = { t: 'put'; env: EnvName; c: string; v: object } | { t: 'settings'; v: Settings } | { t: 'clock'; v: ClockSnapshot };

/** Puts a record into a collection, checked against the collection's record type. */
export const put = <K extends CollectionName>(env: EnvName, collection: K, value: CollectionTypes[K]): Change => ({
  t: 'put',
  env,
  c: collection,
  v: value,
});
