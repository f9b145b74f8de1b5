/**
 * The benchmark, in one invocation: the two ceilings, then the built sandbox, each server in
 * its own process, every sandbox line as a ratio to a ceiling measured in the same run.
 *
 *   npm run bench                    # 5 s per case, 50 connections; rewrites the table in bench/README.md
 *   BENCH_SECONDS=10 npm run bench
 *   npm run bench:smoke              # 1 s per case, fewer cases, exits 1 on any failure (CI)
 *
 * Ratios: reads and in-memory writes against bare Hono; the token against Hono + jose;
 * writes with file state against the same writes in memory on the same world. Rows on the
 * scale world also show their ratio to the same case on the default-size world.
 *
 * The sandbox runs as users run it: `node dist/main.js` with its default flags (the request log
 * at info, JSON lines on stdout into a file, as a CI job's log); reads and the token run once
 * more with `--log-level warn` (prebench rebuilds dist/ when src/ is newer).
 * Loopback only, bounded in time; it stops by itself.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  CAPTURE,
  CART,
  DEFAULT_WORLD,
  FORM_HEADERS,
  SCALE_WORLD,
  TOKEN_FORM,
  TOKEN_PATH,
  type World,
  discovered,
  generatedWorld,
  legacyCheckoutPath,
  openCheckouts,
  sharedKey,
} from './cases.js';
import { type Flags, MAIN, NOW, ROOT, type Server, rssMb, sandboxProcess, spawnServer } from './processes.js';
import { SOAK_WORLD, heapLine, p99Growth, soak, soakOptions, steadyRss } from './soak.js';
import { HEALTH_P99_BUDGET_MS, deliveryOptions, deliveryRows } from './deliveries.js';

/** Where the sandboxes' stdout goes (their request log), removed at the end. */
const LOG_DIR = mkdtempSync(join(tmpdir(), 'sandbox-bench-logs-'));
const SMOKE = process.argv.includes('--smoke');
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 1 : 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const COLD_STARTS = SMOKE ? 2 : 5;
/** The cart case's checkouts: so many more than the connections that no two requests in flight share one. */
const CART_CHECKOUTS = CONNECTIONS * 20;
/** The soak's length in `npm run bench` (SOAK_REQUESTS changes it; `npm run bench:soak` runs a million). */
const SOAK_REQUESTS = 200_000;
/**
 * Seconds of load before each measured case, not counted: a fresh process's first seconds
 * run interpreted code and a growing heap, which would count against the sandbox more than
 * against the ceilings. The smoke run only checks that every case answers.
 */
const WARM_SECONDS = SMOKE ? 0 : 1;
/** How long after its last case a server's RSS is read again, once quiet (not in the smoke run). */
const QUIET_MS = 3000;
// ---------------------------------------------------------------------------------------
// Processes

/** A ceiling server: plain JavaScript runs on node alone, TypeScript through tsx. */
function ceiling(file: string): Promise<Server & { readyMs: number }> {
  const args = file.endsWith('.mjs') ? [join(ROOT, 'bench', file)] : ['--import', 'tsx', join(ROOT, 'bench', file)];
  return spawnServer(args, /listening (\d+)/, (m) => `http://127.0.0.1:${m[1]}`);
}

let logFiles = 0;

function sandbox(world: World, stateFile: string | null, flags: Flags = 'default'): Promise<Server & { readyMs: number }> {
  return sandboxProcess(world, stateFile, flags, join(LOG_DIR, `sandbox-${++logFiles}.log`));
}

// ---------------------------------------------------------------------------------------
// Measuring

interface Spec {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Successive requests (rotated over), each its path and the headers it adds, instead of one fixed path. */
  rotate?: { path: string; headers?: Record<string, string> }[];
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

async function measure(url: string, spec: Spec, seconds = SECONDS): Promise<Measured> {
  let next = 0;
  const rotate = spec.rotate;
  const request: autocannon.Request = {
    method: spec.method,
    path: spec.path,
    headers: spec.headers ?? {},
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(rotate
      ? {
          setupRequest: (req: autocannon.Request) => {
            const one = rotate[next++ % rotate.length]!;
            return { ...req, path: one.path, headers: { ...req.headers, ...one.headers } };
          },
        }
      : {}),
  };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, requests: [request] });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** One request before the run: the case is skipped, with the reason, unless it answers 2xx. */
async function warmUp(url: string, spec: Spec): Promise<string | null> {
  try {
    const first = spec.rotate?.[0];
    const response = await fetch(`${url}${first?.path ?? spec.path}`, {
      method: spec.method,
      headers: { ...spec.headers, ...first?.headers },
      ...(spec.body === undefined ? {} : { body: spec.body }),
    });
    const text = await response.text();
    return response.ok ? null : `warm-up answered ${response.status}: ${text.slice(0, 160)}`;
  } catch (error) {
    return `warm-up failed: ${(error as Error).message}`;
  }
}

/** A message without this machine's paths, for a table that is committed. */
function anonymous(text: string, dir: string): string {
  return text.replaceAll(dir, '<tmp>').replaceAll(ROOT.replace(/\/$/, ''), '.');
}

// ---------------------------------------------------------------------------------------
// Rows

type Against = 'bare Hono' | 'Hono + jose' | 'same in memory' | 'ceiling' | 'first window' | 'none pending' | 'health before the drain';

interface Row {
  name: string;
  world: string;
  state: 'memory' | 'file' | '-';
  flags: Flags | '-';
  result: Measured | null;
  ratio: number | null;
  against: Against | null;
  vsDefault: number | null;
  rss: number;
  note: string;
}

const rows: Row[] = [];
const notes: string[] = [];
let failures = 0;

function flagOf(m: Measured): string {
  const problems: string[] = [];
  if (m.non2xx > 0) problems.push(`${m.non2xx} non-2xx`);
  if (m.errors > 0) problems.push(`${m.errors} errors/timeouts`);
  if (m.requests === 0) problems.push('no request completed');
  return problems.length ? `FLAGGED: ${problems.join(', ')}` : '';
}

async function token(url: string): Promise<string> {
  const response = await fetch(`${url}${TOKEN_PATH}`, { method: 'POST', headers: FORM_HEADERS, body: TOKEN_FORM });
  if (!response.ok) throw new Error(`token request answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

interface CaseDef {
  name: string;
  kind: 'read' | 'token' | 'write';
  spec: Spec;
}

/** The cases for one running sandbox: reads and token on memory only, writes on both (with the default flags). */
async function casesFor(server: Server, world: World, state: 'memory' | 'file', flags: Flags): Promise<CaseDef[]> {
  const bearer = { authorization: `Bearer ${await token(server.url)}` };
  const cases: CaseDef[] = [];
  const checkout = world.cases === 'all' ? world.checkoutId : null;
  if (world.cases === 'all' && checkout === null) notes.push(`${world.label}: no checkout known; checkout cases skipped`);

  if (state === 'memory' && world.cases === 'all') {
    cases.push({
      name: 'token POST /oauth2/v2.0/token',
      kind: 'token',
      spec: { method: 'POST', path: TOKEN_PATH, headers: FORM_HEADERS, body: TOKEN_FORM },
    });
    if (checkout) {
      cases.push({
        name: 'bearer GET /checkouts/{id}',
        kind: 'read',
        spec: { method: 'GET', path: `/uat/api/checkouts/${checkout}`, headers: bearer },
      });
    }
    let order = world.orderIds[0] ?? null;
    if (order === null) {
      const list = await fetch(`${server.url}/uat/api/manage/orders`, { headers: bearer });
      order = ((await list.json()) as { data?: { id: string }[] }).data?.[0]?.id ?? null;
    }
    if (order) {
      cases.push({
        name: 'bearer GET /manage/orders/{id}',
        kind: 'read',
        spec: { method: 'GET', path: `/uat/api/manage/orders/${order}`, headers: bearer },
      });
    } else {
      notes.push(`${world.label}: no order of merchant 1001 found; GET order skipped`);
    }
    if (checkout) {
      const path = legacyCheckoutPath(checkout);
      cases.push({
        name: 'SharedKey GET /merchants/{s}/checkouts/{id}',
        kind: 'read',
        spec: { method: 'GET', path: `/uat/legacy${path}`, headers: { authorization: sharedKey('', path) } },
      });
    }
  }
  if (flags !== 'default') return cases;
  if (world.cases === 'all') {
    const rotate = (await openCheckouts(server.url, bearer.authorization, CART_CHECKOUTS)).map((id) => {
      const path = `${legacyCheckoutPath(id)}/cart`;
      return { path: `/uat/legacy${path}`, headers: { authorization: sharedKey(CART, path) } };
    });
    cases.push({
      name: `SharedKey PUT /merchants/{s}/checkouts/{id}/cart (rotating over ${CART_CHECKOUTS} checkouts)`,
      kind: 'write',
      spec: { method: 'PUT', path: rotate[0]!.path, rotate, headers: { 'content-type': 'application/json' }, body: CART },
    });
  }
  if (world.orderIds.length > 0) {
    const rotate = world.orderIds.map((id) => ({ path: `/uat/api/manage/orders/${id}/capture` }));
    cases.push({
      name: `bearer POST capture 0.01 (rotating over ${world.orderIds.length} orders)`,
      kind: 'write',
      spec: { method: 'POST', path: rotate[0]!.path, rotate, headers: { ...bearer, 'content-type': 'application/json' }, body: CAPTURE },
    });
  }
  return cases;
}

interface Ceilings {
  hono: number;
  jose: number;
}

async function runWorld(planned: World, state: 'memory' | 'file', flags: Flags, ceilings: Ceilings, dir: string): Promise<void> {
  const stateFile = state === 'file' ? join(dir, `${planned.label}-state.json`) : null;
  const label = `${planned.label} (${state}${flags === 'default' ? '' : `, --log-level ${flags}`})`;
  let server: Awaited<ReturnType<typeof sandbox>>;
  try {
    server = await sandbox(planned, stateFile, flags);
  } catch (error) {
    notes.push(
      `${label}: the sandbox did not start: ${anonymous((error as Error).message, dir)
        .split('\n')
        .slice(0, 3)
        .join(' | ')}`,
    );
    failures++;
    return;
  }
  notes.push(`${label}: spawn → ready ${server.readyMs.toFixed(0)} ms, RSS ${rssMb(server.pid).toFixed(0)} MB before the first case`);
  try {
    const world = planned.discover ? await discovered(server.url, planned) : planned;
    for (const c of await casesFor(server, world, state, flags)) {
      const skip = await warmUp(server.url, c.spec);
      if (skip) {
        rows.push({
          name: c.name,
          world: world.label,
          state,
          flags,
          result: null,
          ratio: null,
          against: null,
          vsDefault: null,
          rss: rssMb(server.pid),
          note: `skipped: ${skip}`,
        });
        failures++;
        continue;
      }
      if (WARM_SECONDS > 0) await measure(server.url, c.spec, WARM_SECONDS);
      const result = await measure(server.url, c.spec);
      let ratio: number | null;
      let against: Against;
      if (c.kind === 'token') {
        ratio = result.rps / ceilings.jose;
        against = 'Hono + jose';
      } else if (c.kind === 'write' && state === 'file') {
        const memory = rows.find(
          (r) => r.name === c.name && r.world === world.label && r.state === 'memory' && r.flags === flags && r.result,
        );
        ratio = memory?.result ? result.rps / memory.result.rps : null;
        against = 'same in memory';
      } else {
        ratio = result.rps / ceilings.hono;
        against = 'bare Hono';
      }
      const note = flagOf(result);
      if (note) failures++;
      rows.push({ name: c.name, world: world.label, state, flags, result, ratio, against, vsDefault: null, rss: rssMb(server.pid), note });
      process.stderr.write(`  ${c.name} [${label}]: ${result.rps.toFixed(0)} req/s ${note}\n`);
    }
    if (!SMOKE) {
      // The footprint a long-lived sandbox keeps: right after the last case, and once quiet.
      const atLast = rssMb(server.pid);
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      notes.push(
        `${label}: RSS ${atLast.toFixed(0)} MB right after the last case, ${rssMb(server.pid).toFixed(0)} MB ${QUIET_MS / 1000} s later (quiet)`,
      );
    }
  } finally {
    await server.stop();
  }
}

/**
 * The soak (bench/soak.ts) at the bench's length: does the slowest answers' time grow with the
 * state? Its ratio is the p99 of the last window in which the state grew over the first's.
 */
async function soakRow(): Promise<void> {
  const options = soakOptions(SOAK_REQUESTS);
  try {
    const result = await soak(options);
    const grown = result.windows.filter((w) => w.growing);
    const first = grown[0]!;
    const last = grown.at(-1)!;
    const steady = steadyRss(result);
    const unexpected = result.windows.reduce((n, w) => n + w.unexpected, 0);
    const errors = result.windows.reduce((n, w) => n + w.errors, 0);
    const measured: Measured = {
      rps: grown.reduce((n, w) => n + w.rps, 0) / grown.length,
      p50: last.p50,
      p99: last.p99,
      non2xx: unexpected,
      errors,
      requests: result.windows.reduce((n, w) => n + w.requests, 0),
    };
    const note =
      `${flagOf(measured)} p99 ${first.p99} → ${last.p99} ms, max ${first.max} → ${last.max} ms, CPU ${first.cpuUs.toFixed(0)} → ${last.cpuUs.toFixed(0)} µs/request, ` +
      `state ${first.stateMb.toFixed(1)} → ${last.stateMb.toFixed(1)} MB${steady ? `; RSS once steady ${steady[0].toFixed(0)} → ${steady[1].toFixed(0)} MB` : ''}; ` +
      heapLine(result);
    if (measured.non2xx || errors) failures++;
    rows.push({
      name: `soak: ${options.requests.toLocaleString('en')} mixed requests at ${options.load} of capacity, ${options.windows} windows`,
      world: SOAK_WORLD,
      state: 'file',
      flags: 'default',
      result: measured,
      ratio: p99Growth(result),
      against: 'first window',
      vsDefault: null,
      rss: last.rssMb,
      note: note.trim(),
    });
    process.stderr.write(`  soak: p99 ${first.p99} → ${last.p99} ms\n`);
  } catch (error) {
    notes.push(`soak: did not run: ${(error as Error).message.split('\n')[0]}`);
    failures++;
  }
}

/**
 * The outbox worker's rows (bench/deliveries.ts): purchase throughput with 0, 3,000 and
 * 100,000 deliveries pending (against none pending: flat), and health's p99 while a drain of
 * failing attempts runs (against health before it; budget: the reads' p99).
 */
async function deliveryRowsOf(): Promise<void> {
  try {
    const { purchases, health } = await deliveryRows(deliveryOptions(SMOKE, CONNECTIONS));
    const base = purchases[0]!;
    for (const row of purchases) {
      const measured: Measured = {
        rps: row.rps,
        p50: row.p50,
        p99: row.p99,
        non2xx: row.non2xx,
        errors: row.errors,
        requests: row.requests,
      };
      const note = flagOf(measured);
      if (note) failures++;
      rows.push({
        name: `admin POST …/purchase, ${row.pending.toLocaleString('en')} deliveries pending (each checkout once; notification to a reserved name)`,
        world: 'default',
        state: 'file',
        flags: 'warn',
        result: measured,
        ratio: row.rps / base.rps,
        against: 'none pending',
        vsDefault: null,
        rss: row.rss,
        note: `${note} spawn → ready ${row.readyMs.toFixed(0)} ms`.trim(),
      });
    }
    const over = health.p99 > HEALTH_P99_BUDGET_MS ? `OVER BUDGET (${HEALTH_P99_BUDGET_MS} ms); ` : '';
    rows.push({
      name: `GET /__admin/health while ${health.attempts.toLocaleString('en')} failing attempts drain (${health.purchases.toLocaleString('en')} purchases, clock moved 1 h), 10 clients`,
      world: 'default',
      state: 'memory',
      flags: 'warn',
      result: {
        rps: health.answered / (health.drainMs / 1000),
        p50: Math.round(health.p50),
        p99: Math.round(health.p99),
        non2xx: 0,
        errors: 0,
        requests: health.answered,
      },
      ratio: health.p99 / health.idleP99,
      against: 'health before the drain',
      vsDefault: null,
      rss: health.rss,
      note: `${over}drain ${health.drainMs.toFixed(0)} ms, ${health.answered} answered during it, max ${health.max.toFixed(0)} ms; p99 before it ${health.idleP99.toFixed(1)} ms`,
    });
  } catch (error) {
    notes.push(`deliveries: did not run: ${(error as Error).message.split('\n')[0]}`);
    failures++;
  }
}

/**
 * Spawn → first 200 from /__admin/health of the built server (with its default flags); RSS
 * right after. The same for bare Hono (its first 200 from any path) as the ceiling of the run.
 */
async function coldStart(of: 'sandbox' | 'hono'): Promise<{ ms: number; rss: number }> {
  const started = performance.now();
  const server = of === 'sandbox' ? await sandbox(DEFAULT_WORLD, null) : await ceiling('ceiling-hono.mjs');
  const response = await fetch(`${server.url}${of === 'sandbox' ? '/__admin/health' : '/health'}`);
  const ms = performance.now() - started;
  await response.text();
  const rss = rssMb(server.pid);
  await server.stop();
  if (response.status !== 200) throw new Error(`/__admin/health answered ${response.status}`);
  return { ms, rss };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ---------------------------------------------------------------------------------------
// Report

function fmt(n: number | null | undefined, digits = 0): string {
  return n === null || n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits);
}

interface ColdStarts {
  ms: number[];
  rss: number[];
  honoMs: number[];
  honoRss: number[];
}

function table(ceilingRows: Row[], cold: ColdStarts): string {
  const lines = [
    '| case | world | state | flags | req/s | ratio | against | p50 ms | p99 ms | non-2xx | RSS MB | note |',
    '|---|---|---|---|---:|---:|---|---:|---:|---:|---:|---|',
  ];
  for (const r of [...ceilingRows, ...rows]) {
    const ratio = r.ratio === null ? '–' : `${r.ratio.toFixed(2)}${r.vsDefault === null ? '' : ` (${r.vsDefault.toFixed(2)}× default)`}`;
    lines.push(
      `| ${r.name} | ${r.world} | ${r.state} | ${r.flags === 'warn' ? '--log-level warn' : r.flags} | ${fmt(r.result?.rps)} | ${ratio} | ${r.against ?? '–'} | ${fmt(r.result?.p50)} | ${fmt(r.result?.p99)} | ${fmt(r.result?.non2xx)} | ${fmt(r.rss)} | ${r.note} |`,
    );
  }
  const startRatio = median(cold.ms) / median(cold.honoMs);
  lines.push(
    `| ceiling: bare Hono cold start, spawn → first 200 (median of ${cold.honoMs.length}) | - | - | - | – | 1.00 | ceiling | ${fmt(median(cold.honoMs))} | – | – | ${fmt(median(cold.honoRss))} | each: ${cold.honoMs.map((m) => m.toFixed(0)).join(', ')} ms |`,
    `| cold start, spawn → first 200 (median of ${cold.ms.length}) | default | memory | default | – | ${startRatio.toFixed(2)}× | bare Hono start | ${fmt(median(cold.ms))} | – | – | ${fmt(median(cold.rss))} | each: ${cold.ms.map((m) => m.toFixed(0)).join(', ')} ms |`,
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-bench-'));
  const startedAt = new Date(performance.timeOrigin + performance.now()).toISOString();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  try {
    process.stderr.write(`bench: ${SECONDS} s per case, ${CONNECTIONS} connections${SMOKE ? ' (smoke)' : ''}\n`);

    // Alternated, so that load that comes and goes touches both alike.
    const cold: ColdStarts = { ms: [], rss: [], honoMs: [], honoRss: [] };
    for (let i = 0; i < COLD_STARTS; i++) {
      const sandboxStart = await coldStart('sandbox');
      cold.ms.push(sandboxStart.ms);
      cold.rss.push(sandboxStart.rss);
      const honoStart = await coldStart('hono');
      cold.honoMs.push(honoStart.ms);
      cold.honoRss.push(honoStart.rss);
    }

    const ceilingRows: Row[] = [];
    const ceilings: Ceilings = { hono: Number.NaN, jose: Number.NaN };
    let sizedReads = Number.NaN;
    for (const [file, name, spec] of [
      ['ceiling-hono.mjs', 'ceiling: bare Hono, static JSON', { method: 'GET', path: '/checkouts/x' }],
      [
        'ceiling-jose.ts',
        'ceiling: bare Hono + jose, RS256 token per request',
        { method: 'POST', path: '/token', headers: FORM_HEADERS, body: TOKEN_FORM },
      ],
    ] as const) {
      const server = await ceiling(file);
      try {
        if (WARM_SECONDS > 0) await measure(server.url, spec, WARM_SECONDS);
        const result = await measure(server.url, spec);
        if (file === 'ceiling-hono.mjs') ceilings.hono = result.rps;
        else ceilings.jose = result.rps;
        const note = flagOf(result);
        if (note) failures++;
        ceilingRows.push({
          name,
          world: '-',
          state: '-',
          flags: '-',
          result,
          ratio: 1,
          against: 'ceiling',
          vsDefault: null,
          rss: rssMb(server.pid),
          note,
        });
        process.stderr.write(`  ${name}: ${result.rps.toFixed(0)} req/s\n`);
        if (file === 'ceiling-hono.mjs' && !SMOKE) {
          // For information: the same framework writing as many bytes as the sandbox's read answers.
          const sizedSpec = { method: 'GET', path: '/sized' } as const;
          if (WARM_SECONDS > 0) await measure(server.url, sizedSpec, WARM_SECONDS);
          const sized = await measure(server.url, sizedSpec);
          sizedReads = sized.rps;
          const sizedName = "bare Hono, static JSON of the reads' answer size (1,136 bytes; information, not a budget's ceiling)";
          ceilingRows.push({
            name: sizedName,
            world: '-',
            state: '-',
            flags: '-',
            result: sized,
            ratio: sized.rps / result.rps,
            against: 'bare Hono',
            vsDefault: null,
            rss: rssMb(server.pid),
            note: flagOf(sized),
          });
          process.stderr.write(`  ${sizedName}: ${sized.rps.toFixed(0)} req/s\n`);
        }
      } finally {
        await server.stop();
      }
    }

    const orders = generatedWorld(dir, SMOKE ? 'orders-200' : 'orders-1k', SMOKE ? 200 : 1000, 0, 'capture');
    const worlds: [World, 'memory' | 'file', Flags][] = [
      [DEFAULT_WORLD, 'memory', 'default'],
      [DEFAULT_WORLD, 'memory', 'warn'],
      [DEFAULT_WORLD, 'file', 'default'],
      [orders, 'memory', 'default'],
      [orders, 'file', 'default'],
    ];
    if (!SMOKE) worlds.push([SCALE_WORLD, 'memory', 'default'], [SCALE_WORLD, 'file', 'default']);
    for (const [world, state, flags] of worlds) await runWorld(world, state, flags, ceilings, dir);

    if (Number.isFinite(sizedReads)) {
      const reads = rows.filter(
        (r) => r.world === 'default' && r.state === 'memory' && r.flags === 'default' && r.result && r.name.includes(' GET '),
      );
      notes.push(
        `the default world's reads against bare Hono writing answers of their size (${sizedReads.toFixed(0)} req/s): ` +
          reads.map((r) => `${r.name} ${(r.result!.rps / sizedReads).toFixed(2)}×`).join(', '),
      );
    }

    await deliveryRowsOf();
    if (!SMOKE) await soakRow();

    // The framework ceiling again at the end: how far the machine drifted during the run.
    const again = await ceiling('ceiling-hono.mjs');
    try {
      if (WARM_SECONDS > 0) await measure(again.url, { method: 'GET', path: '/checkouts/x' }, WARM_SECONDS);
      const end = await measure(again.url, { method: 'GET', path: '/checkouts/x' });
      const drift = end.rps / ceilings.hono;
      notes.push(
        `bare Hono again at the end: ${end.rps.toFixed(0)} req/s, ${drift.toFixed(2)}× the start` +
          (Math.abs(drift - 1) > 0.15 ? ' (the load on the machine changed during the run: ratios are rough)' : ''),
      );
    } finally {
      await again.stop();
    }

    // Scale rows against the same case on the default-size world (reads/token: default; capture: orders-1k).
    for (const row of rows.filter((r) => r.world === 'scale' && r.result)) {
      const base = rows.find(
        (r) =>
          r.name.split(' (')[0] === row.name.split(' (')[0] &&
          r.state === row.state &&
          r.flags === row.flags &&
          r.world !== 'scale' &&
          r.result,
      );
      if (base?.result) row.vsDefault = row.result!.rps / base.result.rps;
    }

    const markdown = [
      `${startedAt.slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'cpu'} · Node ${process.version} · load average at start ${load}`,
      '',
      `\`${SMOKE ? 'npm run bench:smoke' : 'npm run bench'}\` — ${SECONDS} s per case, ${CONNECTIONS} connections (autocannon), loopback; sandbox: \`node dist/main.js --port 0 --memory|--state <tmp> --now ${NOW} --scenario <world>\` with its default flags (request log at info, JSON lines on stdout into a file), and with \`--log-level warn\` where the flags column says so; \`scale\` is scenarios/scale.yaml as users run it`,
      '',
      table(ceilingRows, cold),
      '',
      ...notes.map((n) => `- ${n}`),
    ].join('\n');
    console.log(`\n${markdown}\n`);

    if (!SMOKE) {
      const readme = join(ROOT, 'bench', 'README.md');
      const text = existsSync(readme) ? readFileSync(readme, 'utf8') : '';
      const start = '<!-- bench:results:start -->';
      const end = '<!-- bench:results:end -->';
      const block = `${start}\n${markdown}\n${end}`;
      const updated =
        text.includes(start) && text.includes(end)
          ? text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length)
          : `${text}\n${block}\n`;
      writeFileSync(readme, updated);
      process.stderr.write('bench: table written to bench/README.md\n');
    }
    if (failures > 0) {
      process.stderr.write(`bench: ${failures} case(s) flagged or skipped\n`);
      if (SMOKE) process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(LOG_DIR, { recursive: true, force: true });
  }
}

await main();
