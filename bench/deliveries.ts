/**
 * The outbox worker under load, as rows of `npm run bench` (and on its own: `npm run bench:deliveries`):
 *
 * - Purchases with 0, 3,000 and 100,000 deliveries pending: the sandbox starts on a state file
 *   holding that many callbacks waiting for a retry an hour ahead (a shop that has been down),
 *   on a frozen clock, and takes purchases whose notifications go to a name reserved for
 *   examples (attempted at once, failing without I/O, queued for their retry). Each purchase
 *   is an admin purchase of a checkout opened before the run (autocannon, each checkout once).
 *   The ratio is to the same with none pending: it should stay flat, however many wait.
 * - Health while a drain runs: in memory, 1,500 such purchases, then the clock moved an hour on,
 *   which makes 4,500 retries due at once; `GET /__admin/health` is called by 10 clients from the
 *   move until the settle call says every retry was made. Its p99 there against its p99 before
 *   the move, and the reads' p99 budget (15 ms).
 *
 * BENCH_MAIN runs another build's dist/main.js (an older one, to compare).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { CART, FORM_HEADERS, STORE_ID, TOKEN_FORM, TOKEN_PATH } from './cases.js';
import { MAIN, NOW, type Server, rssMb, spawnServer } from './processes.js';

/** The reads' p99 budget (bench/README.md): health must answer within it while a drain runs. */
export const HEALTH_P99_BUDGET_MS = 15;

export interface DeliveryOptions {
  /** How many deliveries pending, one row each (the first is the ratio's base). */
  pending: number[];
  /** Purchases measured per row (after a tenth of them as warm-up). */
  purchases: number;
  /** Purchases made before the clock move of the health row. */
  drainPurchases: number;
  connections: number;
  progress: (line: string) => void;
}

export interface PurchaseRow {
  pending: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
  rss: number;
  /** Spawn to ready on the state file, ms. */
  readyMs: number;
}

export interface HealthRow {
  purchases: number;
  /** Attempts the clock move made due. */
  attempts: number;
  drainMs: number;
  answered: number;
  idleP99: number;
  p50: number;
  p99: number;
  max: number;
  rss: number;
}

function sandboxOn(args: string[], logFile: string): Promise<Server & { readyMs: number }> {
  return spawnServer([MAIN, '--port', '0', '--log-level', 'warn', ...args], /ready on (http:\/\/[\d.]+:\d+)/, (m) => m[1]!, logFile);
}

async function token(url: string): Promise<string> {
  const response = await fetch(`${url}${TOKEN_PATH}`, { method: 'POST', headers: FORM_HEADERS, body: TOKEN_FORM });
  if (!response.ok) throw new Error(`token request answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Opens `count` checkouts whose notification goes to a name reserved for examples, 10 at a time. */
async function openCheckouts(url: string, bearer: string, count: number): Promise<string[]> {
  const body = JSON.stringify({
    storeId: Number(STORE_ID),
    countryCode: 'SE',
    reference: 'bench',
    merchantTermsUri: 'https://shop.example/terms',
    notificationUri: 'https://shop.example/notify/{checkout.id}',
    cart: JSON.parse(CART),
  });
  const ids: string[] = [];
  const one = async (): Promise<void> => {
    const response = await fetch(`${url}/uat/api/checkouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body,
    });
    if (!response.ok) throw new Error(`initialize answered ${response.status}: ${await response.text()}`);
    ids.push(((await response.json()) as { data: { privateId: string } }).data.privateId);
  };
  for (let i = 0; i < count; i += 10) await Promise.all(Array.from({ length: Math.min(10, count - i) }, one));
  return ids;
}

/** Every checkout purchased once through the admin API, `connections` at a time. */
async function purchaseAll(url: string, ids: string[], connections: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections: Math.min(connections, ids.length),
    amount: ids.length,
    requests: [
      {
        method: 'POST',
        path: `/__admin/uat/checkouts/${ids[0]}/purchase`,
        body: '{}',
        setupRequest: (req) => ({ ...req, path: `/__admin/uat/checkouts/${ids[next++ % ids.length]}/purchase` }),
      },
    ],
  });
}

/** A state file of the default world with `count` notifications pending, their retry an hour after NOW. */
async function stateWithPending(dir: string, count: number, logFile: string): Promise<string> {
  const state = join(dir, `pending-${count}.json`);
  const seeded = await sandboxOn(['--state', state, '--reset', '--now', NOW, '--frozen'], logFile);
  await seeded.stop();
  const doc = JSON.parse(readFileSync(state, 'utf8')) as { environments: { uat: { records: Record<string, unknown[]> } } };
  const retryAt = Date.parse(NOW) + 3600_000;
  const records = doc.environments.uat.records;
  records.callbacks = [
    ...(records.callbacks ?? []),
    ...Array.from({ length: count }, (_, i) => ({
      id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
      kind: 'notification',
      privateId: null,
      url: `https://shop.example/notify/${i}`,
      createdAt: NOW,
      state: 'pending',
      nextAttemptAt: new Date(retryAt + (i % 600) * 1000).toISOString(),
      attempts: [{ attempt: 1, dueAt: NOW, at: NOW, method: 'GET', url: `https://shop.example/notify/${i}`, status: 503, error: null }],
    })),
  ];
  writeFileSync(state, JSON.stringify(doc));
  return state;
}

async function purchaseRow(dir: string, pending: number, options: DeliveryOptions): Promise<PurchaseRow> {
  const logFile = join(dir, `pending-${pending}.log`);
  const state = await stateWithPending(dir, pending, logFile);
  const server = await sandboxOn(['--state', state, '--now', NOW, '--frozen'], logFile);
  try {
    const bearer = await token(server.url);
    const warm = Math.max(10, Math.round(options.purchases / 10));
    const ids = await openCheckouts(server.url, bearer, warm + options.purchases);
    await purchaseAll(server.url, ids.slice(0, warm), options.connections);
    const started = performance.now();
    const result = await purchaseAll(server.url, ids.slice(warm), options.connections);
    const seconds = (performance.now() - started) / 1000;
    return {
      pending,
      // Over the whole run, timed here: autocannon's own figures are per whole second, coarse for a run of a few.
      rps: result.requests.total / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      requests: result.requests.total,
      rss: rssMb(server.pid),
      readyMs: server.readyMs,
    };
  } finally {
    await server.stop();
  }
}

/** `GET /__admin/health` from `clients` loops until `until` resolves; the latencies, ms. */
async function healthWhile(url: string, clients: number, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const loop = async (): Promise<void> => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${url}/__admin/health`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`health answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all([until, ...Array.from({ length: clients }, loop)]);
  return latencies;
}

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;
}

async function healthRow(dir: string, options: DeliveryOptions): Promise<HealthRow> {
  const server = await sandboxOn(['--memory', '--now', NOW, '--frozen'], join(dir, 'drain.log'));
  try {
    const bearer = await token(server.url);
    const ids = await openCheckouts(server.url, bearer, options.drainPurchases);
    await purchaseAll(server.url, ids, options.connections);
    const settle = (): Promise<Response> =>
      fetch(`${server.url}/__admin/deliveries/settle`, { method: 'POST', body: '{"timeoutSeconds": 600}' });
    await (await settle()).arrayBuffer();
    const idle = (await healthWhile(server.url, 10, new Promise((resolve) => setTimeout(resolve, 1000)))).sort((a, b) => a - b);
    const started = performance.now();
    const drained = (async () => {
      const moved = await fetch(`${server.url}/__admin/clock/advance`, { method: 'POST', body: '{"duration": "PT1H"}' });
      if (moved.status !== 200) throw new Error(`the clock move answered ${moved.status}`);
      const state = (await (await settle()).json()) as { settled: boolean };
      if (!state.settled) throw new Error('the drain did not settle within 600 s');
      return performance.now() - started;
    })();
    const during = (await healthWhile(server.url, 10, drained)).sort((a, b) => a - b);
    return {
      purchases: options.drainPurchases,
      // Each notification's retries 5 s, 15 s and 3 min 15 s after its first attempt fall within the hour.
      attempts: options.drainPurchases * 3,
      drainMs: await drained,
      answered: during.length,
      idleP99: quantile(idle, 0.99),
      p50: quantile(during, 0.5),
      p99: quantile(during, 0.99),
      max: during.at(-1) ?? Number.NaN,
      rss: rssMb(server.pid),
    };
  } finally {
    await server.stop();
  }
}

export async function deliveryRows(options: DeliveryOptions): Promise<{ purchases: PurchaseRow[]; health: HealthRow }> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-deliveries-'));
  try {
    const purchases: PurchaseRow[] = [];
    for (const pending of options.pending) {
      const row = await purchaseRow(dir, pending, options);
      purchases.push(row);
      options.progress(`  purchases with ${pending} pending: ${row.rps.toFixed(0)} req/s, p99 ${row.p99} ms`);
    }
    const health = await healthRow(dir, options);
    options.progress(
      `  health during a drain of ${health.attempts} attempts: p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(0)} ms`,
    );
    return { purchases, health };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function deliveryOptions(smoke: boolean, connections: number): DeliveryOptions {
  return {
    pending: smoke ? [0, 3_000] : [0, 3_000, 100_000],
    purchases: Number(process.env.BENCH_PURCHASES ?? (smoke ? 200 : 5_000)),
    drainPurchases: smoke ? 300 : 1_500,
    connections,
    progress: (line) => process.stderr.write(`${line}\n`),
  };
}

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: run `npm run build` first');
  const { purchases, health } = await deliveryRows(deliveryOptions(false, Number(process.env.BENCH_CONNECTIONS ?? 50)));
  const base = purchases[0]!.rps;
  for (const row of purchases)
    console.log(
      `purchases, ${row.pending} pending: ${row.rps.toFixed(0)} req/s (${(row.rps / base).toFixed(2)}× none pending), p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}, ready in ${row.readyMs.toFixed(0)} ms`,
    );
  console.log(
    `health during a drain of ${health.attempts} attempts (${health.drainMs.toFixed(0)} ms): ${health.answered} answered, p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms (idle ${health.idleP99.toFixed(1)} ms), max ${health.max.toFixed(0)} ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
