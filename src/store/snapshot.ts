/**
 * The snapshot: the whole world as one JSON document (the format people read, seed and
 * diff), validated with zod when it is read, so a file of the wrong shape stops start-up
 * with the file and the field instead of being reseeded over.
 *
 *   {"version": 2, "scenario", "seed", "seededAt", "clock", "settings",
 *    "environments": {"uat": {"merchants": [], "apiClients": [], "checkouts": [], "orders": [],
 *                             "records": {"callbacks": [], "idempotency": [], …}}, "prod": {…}}}
 *
 * Version 1 files (records kept as unkeyed "journals") are migrated on read.
 */
import { z } from 'zod';
import type { ClockSnapshot } from '../clock.js';
import type { Checkout, Order } from '../domain/model.js';
import { type ApiClient, type Merchant, apiClientRecord, merchantRecord, storeRecord } from '../domain/merchant.js';
import { storedInstant } from '../domain/scenario-fields.js';
import { CHECKOUT_STATUSES, ORDER_STATUSES } from '../domain/model.js';
import { type Settings, settingsSchema } from '../domain/settings.js';
import { ENVIRONMENTS, type EnvName } from '../hosts.js';
import { type KeyedRecord, MAIN_COLLECTIONS, SandboxState, type StateMeta } from './state.js';

export const SNAPSHOT_VERSION = 2;

export interface EnvDoc {
  merchants: Merchant[];
  apiClients: ApiClient[];
  checkouts: Checkout[];
  orders: Order[];
  records: Record<string, KeyedRecord[]>;
}

export interface SnapshotDoc extends StateMeta {
  version: typeof SNAPSHOT_VERSION;
  clock: ClockSnapshot | null;
  settings: Settings;
  environments: Record<EnvName, EnvDoc>;
}

const text = z.string();
const instant = storedInstant;
const money = z.number().int();

// Merchants and API clients are read with the schemas that describe them (src/domain/merchant.ts):
// a field a file was written without gets its default there. Loose objects, so a field a later
// version wrote is kept as it is; for checkouts and orders, the fields below are what the sandbox
// relies on.
const merchant = merchantRecord.extend({ stores: z.array(storeRecord.loose()).min(1) }).loose();
const apiClient = apiClientRecord.loose();
const line = z.looseObject({ id: text, description: text, unitPrice: money, quantity: z.number().int(), vat: z.number() });
const fee = z.looseObject({ id: text, description: text, unitPrice: money, vat: z.number() }).nullable();
const checkout = z.looseObject({
  privateId: text.min(1),
  publicToken: text.min(1),
  merchantId: text.min(1),
  storeId: text.min(1),
  status: z.enum(CHECKOUT_STATUSES),
  expiresAt: instant,
  cart: z.looseObject({ items: z.array(line) }),
  fees: z.looseObject({ shipping: fee, directInvoiceFee: fee }),
  orderId: text.nullable(),
});
const order = z.looseObject({
  orderId: text.min(1),
  merchantId: text.min(1),
  status: z.enum(ORDER_STATUSES),
  totalAmount: money,
  expiresAt: instant,
  items: z.array(line),
  invoices: z.array(z.looseObject({ type: z.enum(['Invoice', 'Credit']), amount: money })),
});
const keyed = z.looseObject({ id: text.min(1) });
const envDoc = z.object({
  merchants: z.array(merchant),
  apiClients: z.array(apiClient),
  checkouts: z.array(checkout),
  orders: z.array(order),
  records: z.record(z.string(), z.array(keyed)),
});
const clockSnapshot = z.union([
  z.object({ mode: z.literal('offset'), offsetMs: z.number().finite() }),
  z.object({ mode: z.literal('frozen'), at: instant }),
]);
const snapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  scenario: text.min(1),
  seed: z.number().int(),
  seededAt: instant,
  clock: clockSnapshot.nullable(),
  // A file written before a setting existed gets its default.
  settings: settingsSchema,
  environments: z.object({ uat: envDoc, prod: envDoc }),
});

export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

/** Validates a parsed snapshot (migrating version 1); throws a SnapshotError naming the field. */
export function validateSnapshot(raw: unknown, file: string): SnapshotDoc {
  const migrated = isVersion1(raw) ? migrateVersion1(raw) : raw;
  const result = snapshotSchema.safeParse(migrated);
  if (result.success) return result.data as unknown as SnapshotDoc;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : '(top level)';
  const version =
    typeof raw === 'object' && raw !== null && 'version' in raw
      ? ` (version ${JSON.stringify((raw as { version: unknown }).version)})`
      : '';
  throw new SnapshotError(
    `${file} is not a sandbox state file of version ${SNAPSHOT_VERSION}${version}: ${where}: ${issue?.message ?? 'invalid'}. ` +
      'Nothing was changed. Fix the file, point --state at another file, or start with --reset to reseed it (the old file is kept as a backup).',
  );
}

function isVersion1(raw: unknown): raw is { version: 1; environments: Record<string, { journals?: Record<string, unknown[]> }> } {
  return typeof raw === 'object' && raw !== null && (raw as { version?: unknown }).version === 1;
}

/** Version 1 kept records in unkeyed "journals"; version 2 keys every record by `id`. */
function migrateVersion1(raw: { environments: Record<string, { journals?: Record<string, unknown[]> }> }): unknown {
  const environments: Record<string, unknown> = {};
  for (const [env, doc] of Object.entries(raw.environments ?? {})) {
    const { journals = {}, ...rest } = (doc ?? {}) as { journals?: Record<string, unknown[]> };
    const records: Record<string, unknown[]> = {};
    for (const [name, rows] of Object.entries(journals)) {
      const target = name === 'order-idempotency' ? 'idempotency' : name;
      records[target] = (Array.isArray(rows) ? rows : []).map((row, i) => {
        const r = row as Record<string, unknown>;
        const id = typeof r.id === 'string' ? r.id : typeof r.key === 'string' ? r.key : `${name}-${i + 1}`;
        return { ...r, id };
      });
    }
    environments[env] = { ...rest, records };
  }
  return { ...raw, version: SNAPSHOT_VERSION, environments };
}

export function stateFromDoc(doc: SnapshotDoc): SandboxState {
  const state = new SandboxState({ scenario: doc.scenario, seed: doc.seed, seededAt: doc.seededAt }, doc.settings, doc.clock);
  for (const env of ENVIRONMENTS) {
    const source = doc.environments[env];
    const target = state.env(env);
    for (const name of MAIN_COLLECTIONS) for (const row of source[name] as object[]) target.collection(name).put(row);
    for (const [name, rows] of Object.entries(source.records)) for (const row of rows) target.collection(name).put(row);
  }
  return state;
}

/** A change not yet durable: its before-image replaces memory in the durable image. */
export interface Override {
  env: EnvName;
  collection: string;
  key: string;
  /** undefined: the row did not exist before. */
  before: object | undefined;
}

/**
 * The world as a document. With overrides, the rows that changes still on their way to
 * disk touched are shown as they were before them (the durable image).
 */
export function docFromState(
  state: SandboxState,
  overrides: Override[] = [],
  durableSettings?: Settings,
  durableClock?: ClockSnapshot | null,
): SnapshotDoc {
  // Per collection, per key: the earliest before-image wins.
  const byCollection = new Map<string, Map<string, Override>>();
  for (const o of overrides) {
    const id = `${o.env}\u0000${o.collection}`;
    const mine = byCollection.get(id) ?? new Map<string, Override>();
    byCollection.set(id, mine);
    if (!mine.has(o.key)) mine.set(o.key, o);
  }
  const environments = {} as Record<EnvName, EnvDoc>;
  for (const env of ENVIRONMENTS) {
    const source = state.env(env);
    // Compaction runs this between requests: rows are taken as they are, without working out each
    // one's key; only the rows that changes in flight put are looked up.
    const rowsOf = (name: string): object[] => {
      const collection = source.collection(name);
      const mine = byCollection.get(`${env}\u0000${name}`);
      if (!mine) return collection.toArray();
      // The rows in memory that changes in flight put, each standing for its before-image (none: it was new).
      const replaced = new Map<object, Override>();
      for (const o of mine.values()) {
        const now = collection.get(o.key);
        if (now) replaced.set(now, o);
      }
      const rows: object[] = [];
      for (const row of collection.values()) {
        const o = replaced.get(row);
        if (!o) rows.push(row);
        else if (o.before) rows.push(o.before);
      }
      for (const o of mine.values()) if (o.before && !collection.has(o.key)) rows.push(o.before);
      return rows;
    };
    const records: Record<string, KeyedRecord[]> = {};
    for (const name of source.recordNames()) records[name] = rowsOf(name) as KeyedRecord[];
    environments[env] = {
      merchants: rowsOf('merchants') as Merchant[],
      apiClients: rowsOf('apiClients') as ApiClient[],
      checkouts: rowsOf('checkouts') as Checkout[],
      orders: rowsOf('orders') as Order[],
      records,
    };
  }
  return {
    version: SNAPSHOT_VERSION,
    ...state.meta,
    clock: durableClock === undefined ? state.clock : durableClock,
    settings: durableSettings ?? state.settings,
    environments,
  };
}
