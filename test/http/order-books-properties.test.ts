/**
 * Random sequences of every order operation against a small model of docs/orders.md
 * (test/support/order-model.ts) and the books' invariants (src/domain/order-books.ts):
 * captures and refunds (in full, by amount, by items, with return fees), cancels, extensions,
 * reauthorizations by amount and by items, increases with their credit checks, clock moves
 * (past expiry and settlement, together or apart), idempotent replays and keys reused for
 * another body, and captures and refunds made while an increase's credit check is pending,
 * then its settlement. After every step the order must read as the model says and its books must
 * hold; every answer must be the model's (the code of one of the rules a call breaks).
 *
 * Seeded and reproducible: most sequences call the order service directly (thousands in
 * seconds), some go over HTTP with a bearer token as a client would. A failure prints the
 * seed and the shrunk sequence. Longer local runs:
 *   BOOKS_RUNS=20000 BOOKS_SEED=$RANDOM npx vitest run test/http/order-books-properties.test.ts
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/model.js';
import { bookIssues } from '../../src/domain/order-books.js';
import { OrderViolation } from '../../src/domain/order-violation.js';
import { amountCommandSchema } from '../../src/domain/requests/order.js';
import { serviceInstant } from '../../src/routes/checkout-view.js';
import { fingerprintOf } from '../../src/services/order-idempotency.js';
import { useSandboxShell } from '../support/sandbox.js';
import { ManageApi } from '../support/manage-api.js';
import { type Body, type Line, OrderModel, type Write, major } from '../support/order-model.js';

const SEED = Number(process.env.BOOKS_SEED ?? 20261127);
const RUNS = Number(process.env.BOOKS_RUNS ?? 3000);
const HTTP_RUNS = Number(process.env.BOOKS_HTTP_RUNS ?? Math.max(1, Math.round(RUNS / 25)));
const MERCHANT = '1001';

type KeyUse = 'none' | 'header' | 'reference';
type Picks = [number, number][];
type Step =
  | { kind: 'capture' | 'refund'; mode: 'full' | 'amount' | 'items'; share: number; picks: Picks; offBy: number; fee: number; key: KeyUse }
  | { kind: 'cancel' | 'extend'; key: KeyUse }
  | {
      kind: 'reauthorize';
      mode: 'amount' | 'items' | 'increase';
      share: number;
      picks: Picks;
      add: number;
      vat: number;
      offBy: number;
      key: KeyUse;
    }
  | { kind: 'advance'; ms: number }
  | { kind: 'replay' | 'reuse'; index: number }
  | { kind: 'read' };
/** An increase whose credit check is pending while captures and refunds are made, then settles. */
type Meanwhile = {
  kind: 'meanwhile';
  reauthorize: Extract<Step, { kind: 'reauthorize' }>;
  writes: Extract<Step, { kind: 'capture' | 'refund' }>[];
  settle: boolean;
};

const DAY = 86_400_000;
const key = fc.constantFrom<KeyUse>('none', 'none', 'header', 'reference');
/** [line index, units]; the index GHOST names an article the order does not have. */
const GHOST = 19;
const picks = (most: number) => fc.array(fc.tuple(fc.nat(GHOST), fc.integer({ min: 0, max: most })), { minLength: 1, maxLength: 3 });
const offBy = fc.constantFrom(0, 0, 0, 0, 0, 0, 1, -1);
const moneyMove = fc.record({
  kind: fc.constantFrom('capture' as const, 'refund' as const),
  mode: fc.constantFrom('full' as const, 'amount' as const, 'items' as const, 'items' as const),
  share: fc.integer({ min: 1, max: 130 }),
  picks: picks(3),
  offBy,
  fee: fc.constantFrom(0, 0, 0, 500, 1500, 100_000),
  key,
});
/** An increase by items (a new article) that may also send fewer units of the order's own. */
const increase = fc.record({
  kind: fc.constant('reauthorize' as const),
  mode: fc.constant('items' as const),
  share: fc.constant(100),
  picks: picks(3),
  add: fc.constantFrom(7, 40),
  vat: fc.constant(25),
  offBy: fc.constant(0),
  key: fc.constant<KeyUse>('none'),
});
const step: fc.Arbitrary<Step | Meanwhile> = fc.oneof(
  { weight: 4, arbitrary: moneyMove },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('meanwhile' as const),
      reauthorize: increase,
      writes: fc.array(moneyMove, { minLength: 1, maxLength: 3 }),
      settle: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('cancel' as const, 'extend' as const), key }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('reauthorize' as const),
      mode: fc.constantFrom('amount' as const, 'items' as const, 'items' as const, 'increase' as const),
      share: fc.integer({ min: 1, max: 250 }),
      picks: picks(3),
      add: fc.constantFrom(0, 0, 7, 40),
      vat: fc.constantFrom(25, 25, 25, 25, 12),
      offBy,
      key,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.constantFrom(500, 1500, 3000, 3000, 3_600_000, 3_600_000, DAY, 30 * DAY),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('replay' as const, 'reuse' as const), index: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const) }) },
);

const initial = fc.record({
  lines: fc.array(fc.record({ price: fc.integer({ min: 1, max: 400 }), quantity: fc.integer({ min: 1, max: 3 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  prepaid: fc.constantFrom(false, false, false, true),
  expiresInMs: fc.constantFrom(1500, 5000, DAY, 28 * DAY, 28 * DAY),
});

/** What each driver reads back: the order's book as numbers, in minor units. */
interface Seen {
  status: string;
  total: number;
  captured: number;
  refunded: number;
  entries: number;
  lines: string[];
  expiresAt: string | null;
}

interface Driver {
  place(order: Order): Promise<void>;
  write(orderId: string, write: Write): Promise<{ status: number; code: string | null; location: string | null }>;
  read(orderId: string): Promise<Seen>;
  check(orderId: string, location: string): Promise<string>;
}

const lineText = (id: string, quantity: number, unitPrice: number): string => `${id}×${quantity}@${unitPrice}`;

/** expiresAt is shown while something is left to capture (null once Activated, Returned or Cancelled). */
const showsExpiry = (status: string): boolean => status !== 'Activated' && status !== 'Returned' && status !== 'Cancelled';

function seenOf(model: OrderModel): Seen {
  const open = showsExpiry(model.status);
  return {
    status: model.status,
    total: model.total,
    captured: model.captured,
    refunded: model.refunded,
    entries: model.entries,
    lines: model.lines.map((l) => lineText(l.id, l.quantity, l.unitPrice)).sort(),
    expiresAt: open ? serviceInstant(new Date(model.expiresAtMs).toISOString()) : null,
  };
}

const sb = useSandboxShell({ now: '2026-10-01T12:00:00Z', frozen: true }, 'file');
let counter = 0;
/** What the sequences did, by operation and answer: printed at the end, to see that every rule was reached. */
const tally = new Map<string, number>();

/** The order service itself, with bodies bound by the operation's own schema. */
function serviceDriver(): Driver {
  const orders = () => sb.services.env('uat').orders;
  return {
    async place(order) {
      await orders().place(order);
    },
    async write(orderId, { op, body, headerKey }) {
      const request = { headerKey, actionReference: body?.actionReference ?? null, fingerprint: fingerprintOf(op, orderId, body) };
      try {
        const result =
          op === 'cancel' || op === 'extend'
            ? await orders()[op](MERCHANT, orderId, request)
            : await orders()[op](MERCHANT, orderId, amountCommandSchema.parse(body), request);
        return { status: result.status, code: null, location: result.location };
      } catch (error) {
        if (error instanceof OrderViolation) return { status: 422, code: error.code, location: null };
        throw error;
      }
    },
    async read(orderId) {
      const order = await orders().get(MERCHANT, orderId);
      const sumOf = (type: string) => order.invoices.filter((i) => i.type === type).reduce((n, i) => n + i.amount, 0);
      const open = showsExpiry(order.status);
      return {
        status: order.status,
        total: order.totalAmount,
        captured: sumOf('Invoice'),
        refunded: sumOf('Credit'),
        entries: order.invoices.length,
        lines: order.items.map((l) => lineText(l.id, l.quantity, l.unitPrice)).sort(),
        expiresAt: open ? serviceInstant(order.expiresAt) : null,
      };
    },
    async check(orderId, location) {
      return (await orders().reauthorization(MERCHANT, orderId, location.split('/').pop() ?? '')).status;
    },
  };
}

/** The same over HTTP, as a client sends it. */
function httpDriver(): Driver {
  const api = new ManageApi(sb);
  const minor = (amount: number): number => Math.round(amount * 100);
  return {
    async place(order) {
      await sb.services.env('uat').orders.place(order);
    },
    async write(orderId, { op, body, headerKey }) {
      const answer = await api.post(`/manage/orders/${orderId}/${op}`, body, headerKey ? { 'X-idempotency': headerKey } : {});
      const code = answer.status >= 400 ? String(answer.json.title ?? answer.status) : null;
      return { status: answer.status, code, location: answer.headers.get('location') };
    },
    async read(orderId) {
      const data = await api.order(orderId);
      const entries = data.invoices as { type: string; amount: number }[];
      const sumOf = (type: string) => entries.filter((i) => i.type === type).reduce((n, i) => n + minor(i.amount), 0);
      return {
        status: data.status,
        total: minor(data.totalAmount),
        captured: sumOf('Invoice'),
        refunded: sumOf('Credit'),
        entries: entries.length,
        lines: (data.items as { articleNumber: string; quantity: number; price: number }[])
          .map((l) => lineText(l.articleNumber, l.quantity, minor(l.price)))
          .sort(),
        expiresAt: (data.expiresAt as string | null) ?? null,
      };
    },
    async check(_orderId, location) {
      return ((await api.get(location)).json.data as { status: string }).status;
    },
  };
}

/** The body of a step, from what the model knows (amounts in major units as strings, as WooCommerce sends them). */
function writeOf(step: Extract<Step, { key: KeyUse }>, model: OrderModel, n: number, orderId: string): Write {
  const reference = step.key === 'reference' ? { actionReference: `ref-${n}` } : {};
  const headerKey = step.key === 'header' ? `${orderId}-${n}` : null;
  if (step.kind === 'cancel' || step.kind === 'extend')
    return { op: step.kind, body: step.key === 'reference' ? reference : undefined, headerKey };
  return amountWrite(step as Extract<Step, { kind: 'capture' | 'refund' | 'reauthorize' }>, model, reference, headerKey);
}

function amountWrite(
  step: Extract<Step, { kind: 'capture' | 'refund' | 'reauthorize' }>,
  model: OrderModel,
  reference: { actionReference?: string },
  headerKey: string | null,
): Write {
  const item = (l: Line, quantity: number) => ({
    id: l.id,
    description: l.description,
    unitPrice: major(l.unitPrice),
    quantity,
    vat: l.vat,
  });
  const lines = model.lines;
  const at = (i: number): Line => lines[i % lines.length]!;
  let amount: number;
  let items: NonNullable<Body['items']> = [];
  if (step.kind === 'reauthorize') {
    if (step.mode === 'items') {
      const quantities = new Map(step.picks.map(([i, q]) => [i % lines.length, q]));
      items = lines.flatMap((l, i) => ((quantities.get(i) ?? l.quantity) > 0 ? [item(l, quantities.get(i) ?? l.quantity)] : []));
      // Another VAT for the first line sent: refused when that article was captured.
      if (items[0]) items[0] = { ...items[0], vat: step.vat };
      if (step.add)
        items.push({ id: `NEW-${step.add}`, description: 'New article', unitPrice: major(step.add * 50), quantity: 1, vat: 25 });
      amount = items.reduce((s, i) => s + Math.round(Number(i.unitPrice) * 100) * i.quantity, 0) + step.offBy;
    } else {
      const change = Math.max(1, Math.floor((model.total * step.share) / 100));
      amount = step.mode === 'increase' ? model.total + change : change;
    }
  } else {
    const left = step.kind === 'capture' ? model.remaining() : model.refundable();
    if (step.mode === 'items') {
      items = step.picks
        .filter(([, q]) => q > 0)
        .map(([i, q]) =>
          i === GHOST ? { id: 'GHOST', description: 'Not on the order', unitPrice: major(1234), quantity: q, vat: 25 } : item(at(i), q),
        );
      if (step.kind === 'refund' && step.fee)
        items.push({ id: 'fee', description: 'Return fee', unitPrice: major(-step.fee), quantity: 1, vat: 25, type: 'fee' });
      amount = items.reduce((s, i) => s + Math.round(Number(i.unitPrice) * 100) * i.quantity, 0) + step.offBy;
    } else {
      amount = step.mode === 'full' ? left : Math.floor((left * step.share) / 100);
    }
  }
  // Never 0 or less: that is a 400 before any rule of the order.
  return { op: step.kind, body: { amount: major(Math.max(1, amount)), ...(items.length ? { items } : {}), ...reference }, headerKey };
}

/** The same key with another body (one cent more). */
function reused(write: Write): Write | null {
  if (!write.body?.amount || (!write.headerKey && !write.body.actionReference)) return null;
  return { ...write, body: { ...write.body, amount: major(Math.round(Number(write.body.amount) * 100) + 1) } };
}

type Start = typeof initial extends fc.Arbitrary<infer T> ? T : never;

async function sequence(driver: Driver, start: Start, generated: (Step | Meanwhile)[]): Promise<void> {
  const steps = generated.flatMap((s): Step[] =>
    s.kind === 'meanwhile' ? [s.reauthorize, ...s.writes, ...(s.settle ? [{ kind: 'advance' as const, ms: 3000 }] : [])] : [s],
  );
  counter += 1;
  const orderId = `0c0c0c0c-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
  const lines: Line[] = start.lines.map((l, i) => ({
    id: `ART-${i}`,
    description: `Article ${i}`,
    unitPrice: l.price * 50,
    quantity: l.quantity,
    vat: 25,
  }));
  const nowMs = sb.clock.nowMs();
  const lifetimeMs = sb.services.settings.current().orders.lifetimeSeconds * 1000;
  const model = new OrderModel(lines, nowMs + start.expiresInMs, start.prepaid, lifetimeMs, nowMs);
  const total = lines.reduce((n, l) => n + l.unitPrice * l.quantity, 0);
  await driver.place({
    orderId,
    merchantId: MERCHANT,
    storeId: '1234',
    checkoutPrivateId: null,
    reference: `PROP-${counter}`,
    paymentMethod: start.prepaid ? 'Card' : 'DirectInvoice',
    currency: 'SEK',
    countryCode: 'SE',
    salesSegment: 'B2C',
    status: 'NotActivated',
    placedAt: new Date(nowMs).toISOString(),
    expiresAt: new Date(model.expiresAtMs).toISOString(),
    totalAmount: total,
    items: lines,
    customer: null,
    invoices: [],
  });
  const sent: Write[] = [];
  let check: string | null = null;
  const checks = new Set<string>();
  for (const [n, s] of steps.entries()) {
    if (s.kind === 'advance') {
      sb.clock.advance(s.ms);
      model.advance(s.ms);
    } else if (s.kind !== 'read') {
      let write: Write | null | undefined;
      if (s.kind === 'replay' || s.kind === 'reuse') {
        const earlier = sent[s.index % Math.max(1, sent.length)];
        write = earlier && (s.kind === 'replay' ? earlier : reused(earlier));
      } else if ('key' in s) {
        write = writeOf(s, model, n, orderId);
      }
      if (write) {
        const expected = model.write(write);
        const actual = await driver.write(orderId, write);
        const outcome = `${write.op} ${actual.code ?? actual.status}`;
        tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
        const what = `step ${n} ${JSON.stringify(write)}`;
        if ('ok' in expected) expect([actual.status, actual.code], what).toEqual([expected.ok, null]);
        else expect(expected.codes, `${what}: answered ${actual.status} ${actual.code}`).toContain(actual.code);
        // A replay answers an earlier check's Location again; the model follows the latest new one.
        if (actual.status === 201 && actual.location && !checks.has(actual.location)) check = actual.location;
        if (actual.location) checks.add(actual.location);
        if (write.headerKey || write.body?.actionReference) sent.push(write);
      }
    }
    expect(await driver.read(orderId), `after step ${n}: ${JSON.stringify(s)}`).toEqual(seenOf(model));
    const stored = sb.services.env('uat').orders.find(orderId)!;
    expect(bookIssues(stored), `after step ${n}`).toEqual([]);
  }
  if (check) expect(await driver.check(orderId, check)).toBe(model.lastCheck);
}

afterAll(() => {
  console.info(`order books: ${JSON.stringify(Object.fromEntries([...tally].sort()))}`);
});

/**
 * Sequences every run goes through before the random ones: the rules the random ones seldom
 * reach in full.
 */
const EXAMPLES: [Start, (Step | Meanwhile)[]][] = [
  // A capture by amount alone, a refund by items, then a reauthorization by items that leaves
  // the refunded article out (refused: refunded units were captured), two reauthorizations by
  // amount (two adjustment lines, each an article of its own) around one that sends the
  // refunded article with another VAT (refused), and a capture by items that takes an adjustment.
  [
    {
      lines: [
        { price: 10, quantity: 2 },
        { price: 400, quantity: 1 },
      ],
      prepaid: false,
      expiresInMs: 28 * DAY,
    },
    [
      { kind: 'capture', mode: 'amount', share: 10, picks: [[0, 1]], offBy: 0, fee: 0, key: 'none' },
      { kind: 'refund', mode: 'items', share: 1, picks: [[0, 1]], offBy: 0, fee: 0, key: 'none' },
      { kind: 'reauthorize', mode: 'items', share: 100, picks: [[0, 0]], add: 0, vat: 25, offBy: 0, key: 'none' },
      { kind: 'reauthorize', mode: 'amount', share: 95, picks: [[0, 1]], add: 0, vat: 25, offBy: 0, key: 'none' },
      { kind: 'reauthorize', mode: 'items', share: 100, picks: [[1, 1]], add: 0, vat: 12, offBy: 0, key: 'none' },
      { kind: 'reauthorize', mode: 'amount', share: 95, picks: [[0, 1]], add: 0, vat: 25, offBy: 0, key: 'none' },
      {
        kind: 'capture',
        mode: 'items',
        share: 1,
        picks: [
          [1, 1],
          [2, 1],
        ],
        offBy: 0,
        fee: 0,
        key: 'none',
      },
      { kind: 'read' },
    ],
  ],
];

describe('order books under random sequences of every operation', () => {
  it(`hold and agree with docs/orders.md: ${RUNS} sequences through the order service (seed ${SEED})`, async () => {
    const driver = serviceDriver();
    await fc.assert(
      fc.asyncProperty(initial, fc.array(step, { minLength: 1, maxLength: 25 }), (start, steps) => sequence(driver, start, steps)),
      { seed: SEED, numRuns: RUNS, examples: EXAMPLES },
    );
  }, 120_000);

  it(`hold and agree over HTTP: ${HTTP_RUNS} sequences (seed ${SEED + 1})`, async () => {
    const driver = httpDriver();
    await fc.assert(
      fc.asyncProperty(initial, fc.array(step, { minLength: 1, maxLength: 25 }), (start, steps) => sequence(driver, start, steps)),
      { seed: SEED + 1, numRuns: HTTP_RUNS },
    );
  }, 120_000);
});
