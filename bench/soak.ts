/**
 * The soak: one sandbox with file state under a long mix of requests at a steady rate below
 * its capacity, measured per window of requests, so that answers which slow down as the state
 * grows show as a later window's p99 and max above the first's.
 *
 *   npm run bench:soak                         # 1,000,000 requests in 10 windows; writes "Soak" in bench/README.md
 *   SOAK_REQUESTS=200000 npm run bench:soak    # shorter (npm run bench runs this length as one row)
 *   SOAK_RATE=1000 npm run bench:soak          # a fixed rate instead of 0.7 of the probed capacity, to compare runs
 *   SOAK_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof --trace-gc" SOAK_LOG=/tmp/soak.log npm run bench:soak
 *                                              # node flags for the sandbox; its stdout kept (the GC trace is in it)
 *
 * The mix, per 1,000 requests: 10 new checkouts, 5 part-captures of 0.01 (rotating over the
 * world's orders), 10 tokens (each later request uses the newest one, as a client that renews
 * it does), 75 cart updates, 50 hosted pages, 10 journal reads, and reads: 350 bearer and 250
 * SharedKey checkout reads, 240 order reads. Checkouts read and updated are drawn from the
 * newest 200. The rate is SOAK_LOAD (0.7) of what the same mix reached unthrottled in a short
 * probe right after the start. Two more windows follow without new checkouts and captures (their
 * share read instead): the state stops growing there, and so should the memory. The heap after a
 * full collection (bench/heap.ts, through the inspector the sandbox is started with here) is read
 * once warm, after the growing windows and after the steady ones: what the sandbox keeps.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import {
  CAPTURE,
  CART,
  FORM_HEADERS,
  STORE_ID,
  TOKEN_FORM,
  TOKEN_PATH,
  type World,
  generatedWorld,
  legacyCheckoutPath,
  sharedKey,
} from './cases.js';
import { INSPECTOR_ARG, heapAfterCollectionMb, inspectorUrl } from './heap.js';
import { MAIN, ROOT, rssMb, sandboxProcess } from './processes.js';

export interface SoakOptions {
  requests: number;
  /** Windows of the mix, the state growing; `requests` are spread over them. */
  windows: number;
  /** Windows of the same length after them without new checkouts and captures: the state stops growing, its memory should too. */
  steadyWindows: number;
  /** The share of the probed capacity to run at. */
  load: number;
  /** A fixed rate instead (requests per second), for runs to compare with each other. */
  rate: number | null;
  connections: number;
  /** Node flags for the sandbox (a profile, a GC trace). */
  nodeArgs: string[];
  /** Where the sandbox's stdout (its request log, a GC trace) is kept; null: removed at the end. */
  logFile: string | null;
  progress: (line: string) => void;
}

export interface SoakWindow {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers neither 2xx nor an expected refusal (a cart update while another one of the same checkout runs: 423). */
  unexpected: number;
  errors: number;
  rssMb: number;
  /** The snapshot and its change log on disk, MB. */
  stateMb: number;
  /** The sandbox's CPU time (user + system) per request, µs: unlike latency, hardly moved by what else runs on the machine. */
  cpuUs: number;
  /** Whether the mix created checkouts and captured (the state grew), or only read and updated what is there. */
  growing: boolean;
}

export interface SoakResult {
  capacity: number;
  rate: number;
  windows: SoakWindow[];
  rssStartMb: number;
  rssQuietMb: number;
  /** The heap after a full collection (bench/heap.ts), MB: once warm, after the growing windows, after the steady ones. */
  heapMb: { warm: number; grown: number; steady: number };
  /** Checkouts the growing windows created (each one kept in the world). */
  created: number;
}

const SOAK_ORDERS = 1000;
const SOAK_CHECKOUTS = 100;
/** The world's name in the bench table: 1,000 capturable orders and 100 checkouts of merchant 1001, growing. */
export const SOAK_WORLD = 'soak (1k orders, growing)';
/** Checkouts reads and cart updates choose from: the newest, as integrations poll their current one. */
const RECENT = 200;
const PROBE_SECONDS = 5;
const WARM_SECONDS = 3;
const QUIET_MS = 3000;

type Op = 'create' | 'capture' | 'token' | 'cart' | 'page' | 'journal' | 'bearerRead' | 'sharedKeyRead' | 'orderRead';

/** Per 1,000 requests. */
const MIX: [Op, number][] = [
  ['create', 10],
  ['capture', 5],
  ['token', 10],
  ['cart', 75],
  ['page', 50],
  ['journal', 10],
  ['bearerRead', 350],
  ['sharedKeyRead', 250],
  ['orderRead', 240],
];

/** mulberry32: a small seeded generator, so every run sends the same sequence. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Known {
  privateId: string;
  publicToken: string;
}

/** What the client knows as it goes: the newest token and checkouts, the orders to capture. */
class Traffic {
  private readonly random = seeded(20261201);
  private readonly slots: Op[] = MIX.flatMap(([op, n]) => Array.from({ length: n }, () => op));
  private readonly checkouts: Known[] = [];
  /** Checkouts the mix created. */
  created = 0;
  private nextOrder = 0;
  /** The first answer of each op and status that was not 2xx, to say what went wrong. */
  readonly refusals = new Map<string, string>();
  /** Answers neither 2xx nor an expected refusal. */
  unexpected = 0;

  constructor(
    private bearer: string,
    private readonly orderIds: string[],
    seed: Known[],
  ) {
    this.checkouts.push(...seed);
  }

  private recent(): Known {
    const from = Math.max(0, this.checkouts.length - RECENT);
    return this.checkouts[from + Math.floor(this.random() * (this.checkouts.length - from))]!;
  }

  private as(op: Op, request: autocannon.Request): { op: Op; request: autocannon.Request } {
    return { op, request };
  }

  /** False once the state should stop growing: new checkouts and captures become reads of them. */
  growing = true;

  next(): { op: Op; request: autocannon.Request } {
    const drawn = this.slots[Math.floor(this.random() * this.slots.length)]!;
    const op: Op = this.growing ? drawn : drawn === 'create' ? 'bearerRead' : drawn === 'capture' ? 'orderRead' : drawn;
    const auth = { authorization: `Bearer ${this.bearer}` };
    const json = { ...auth, 'content-type': 'application/json' };
    switch (op) {
      case 'create':
        return this.as(op, { method: 'POST', path: '/uat/api/checkouts', headers: json, body: CREATE });
      case 'capture': {
        const order = this.orderIds[this.nextOrder++ % this.orderIds.length]!;
        return this.as(op, { method: 'POST', path: `/uat/api/manage/orders/${order}/capture`, headers: json, body: CAPTURE });
      }
      case 'token':
        return this.as(op, { method: 'POST', path: TOKEN_PATH, headers: FORM_HEADERS, body: TOKEN_FORM });
      case 'cart': {
        const path = `${legacyCheckoutPath(this.recent().privateId)}/cart`;
        return this.as(op, {
          method: 'PUT',
          path: `/uat/legacy${path}`,
          headers: { authorization: sharedKey(CART, path), 'content-type': 'application/json' },
          body: CART,
        });
      }
      case 'page':
        return this.as(op, { method: 'GET', path: `/uat/frontend/checkout/${this.recent().publicToken}`, headers: {} });
      case 'journal':
        return this.as(op, { method: 'GET', path: '/__admin/requests?limit=10', headers: {} });
      case 'bearerRead':
        return this.as(op, { method: 'GET', path: `/uat/api/checkouts/${this.recent().privateId}`, headers: auth });
      case 'sharedKeyRead': {
        const path = legacyCheckoutPath(this.recent().privateId);
        return this.as(op, { method: 'GET', path: `/uat/legacy${path}`, headers: { authorization: sharedKey('', path) } });
      }
      case 'orderRead':
        return this.as(op, {
          method: 'GET',
          path: `/uat/api/manage/orders/${this.orderIds[Math.floor(this.random() * this.orderIds.length)]!}`,
          headers: auth,
        });
    }
  }

  /** Learns the new checkout or token from an answer. */
  learn(op: Op, status: number, body: string): void {
    // Two cart updates of one checkout at once: the second is told the first still runs (documented), as a client would be.
    if (status === 423 && op === 'cart') return;
    if (status < 200 || status > 299) {
      this.unexpected += 1;
      const key = `${op} ${status}`;
      if (!this.refusals.has(key)) this.refusals.set(key, body.slice(0, 200));
      return;
    }
    if (op === 'token') this.bearer = (JSON.parse(body) as { access_token: string }).access_token;
    if (op === 'create') {
      const data = (JSON.parse(body) as { data: Known }).data;
      this.checkouts.push({ privateId: data.privateId, publicToken: data.publicToken });
      this.created += 1;
    }
  }
}

const CREATE = JSON.stringify({
  storeId: Number(STORE_ID),
  countryCode: 'SE',
  reference: 'soak',
  merchantTermsUri: 'https://shop.example/terms',
  cart: { items: [{ id: 'TENT-2P', description: 'Two-person tent', unitPrice: '2499.00', quantity: 1, vat: 25 }] },
  fees: { shipping: { id: 'shipping', description: 'Standard delivery', unitPrice: 49, vat: 25 } },
});

/** One autocannon run of the mix: `amount` requests at `rate` per second, or `seconds` unthrottled. */
async function run(
  url: string,
  traffic: Traffic,
  connections: number,
  limit: { amount: number; rate: number } | { seconds: number },
): Promise<autocannon.Result> {
  const request: autocannon.Request = {
    // The context is per connection: the op of its request in flight (one at a time, no pipelining).
    setupRequest: (req: autocannon.Request, context: object) => {
      const { op, request: next } = traffic.next();
      (context as { op?: Op }).op = op;
      return { ...req, ...next };
    },
    onResponse: (status: number, body: string, context: object) => traffic.learn((context as { op: Op }).op, status, body),
  };
  const load = 'seconds' in limit ? { duration: limit.seconds } : { amount: limit.amount, overallRate: limit.rate };
  return autocannon({ url, connections, requests: [request], ...load });
}

/** A process's CPU time so far (user + system), ms, from /proc (Linux); NaN elsewhere. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function stateMb(file: string): number {
  let bytes = 0;
  for (const f of [file, `${file}.log`, `${file}.log.old`]) if (existsSync(f)) bytes += statSync(f).size;
  return bytes / 1024 / 1024;
}

export async function soak(options: SoakOptions): Promise<SoakResult> {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-soak-'));
  try {
    const world: World = generatedWorld(dir, 'soak', SOAK_ORDERS, SOAK_CHECKOUTS, 'capture');
    const stateFile = join(dir, 'soak-state.json');
    const server = await sandboxProcess(world, stateFile, 'default', options.logFile ?? join(dir, 'sandbox.log'), {
      nodeArgs: [...options.nodeArgs, INSPECTOR_ARG],
      keepLog: options.logFile !== null,
    });
    const heap = (): Promise<number> => heapAfterCollectionMb(inspectorUrl(server.output()));
    try {
      const rssStartMb = rssMb(server.pid);
      const token = (await (
        await fetch(`${server.url}${TOKEN_PATH}`, { method: 'POST', headers: FORM_HEADERS, body: TOKEN_FORM })
      ).json()) as { access_token: string };
      const seed: Known[] = [];
      for (let i = 0; i < 20; i++) {
        const created = await fetch(`${server.url}/uat/api/checkouts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
          body: CREATE,
        });
        if (created.status !== 200) throw new Error(`creating a checkout answered ${created.status}: ${await created.text()}`);
        const data = ((await created.json()) as { data: Known }).data;
        seed.push({ privateId: data.privateId, publicToken: data.publicToken });
      }
      const traffic = new Traffic(token.access_token, world.orderIds, seed);
      await run(server.url, traffic, options.connections, { seconds: WARM_SECONDS });
      const probe = await run(server.url, traffic, options.connections, { seconds: PROBE_SECONDS });
      const heapMb = { warm: await heap(), grown: Number.NaN, steady: Number.NaN };
      const createdBefore = traffic.created;
      const capacity = probe.requests.average;
      const rate = options.rate ?? Math.max(1, Math.round(capacity * options.load));
      options.progress(
        `soak: capacity ${capacity.toFixed(0)} req/s (mix, ${options.connections} connections); running ${options.requests} requests at ${rate} req/s`,
      );
      const perWindow = Math.floor(options.requests / options.windows);
      const windows: SoakWindow[] = [];
      for (let w = 0; w < options.windows + options.steadyWindows; w++) {
        traffic.growing = w < options.windows;
        const cpuBefore = cpuMs(server.pid);
        const result = await run(server.url, traffic, options.connections, { amount: perWindow, rate });
        const window: SoakWindow = {
          requests: result.requests.total,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          unexpected: traffic.unexpected,
          errors: result.errors + result.timeouts,
          rssMb: rssMb(server.pid),
          stateMb: stateMb(stateFile),
          cpuUs: ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests.total,
          growing: traffic.growing,
        };
        windows.push(window);
        if (w === options.windows - 1) heapMb.grown = await heap();
        for (const [key, body] of traffic.refusals) options.progress(`  not 2xx: ${key}: ${body}`);
        traffic.refusals.clear();
        traffic.unexpected = 0;
        options.progress(
          `  window ${w + 1}/${options.windows + options.steadyWindows}${traffic.growing ? '' : ' (steady)'}: ${window.rps.toFixed(0)} req/s, p50 ${window.p50} ms, p99 ${window.p99} ms, max ${window.max} ms, CPU ${window.cpuUs.toFixed(0)} µs/request, ` +
            `RSS ${window.rssMb.toFixed(0)} MB, state ${window.stateMb.toFixed(1)} MB${window.unexpected || window.errors ? `, ${window.unexpected} unexpected, ${window.errors} errors` : ''}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      const rssQuietMb = rssMb(server.pid);
      heapMb.steady = await heap();
      return { capacity, rate, windows, rssStartMb, rssQuietMb, heapMb, created: traffic.created - createdBefore };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The windows in which the state grew. */
function growing(result: SoakResult): SoakWindow[] {
  return result.windows.filter((w) => w.growing);
}

/** The p99 of the last window in which the state grew over the first's. */
export function p99Growth(result: SoakResult): number {
  const windows = growing(result);
  const first = windows[0];
  const last = windows.at(-1);
  return first && last ? last.p99 / first.p99 : Number.NaN;
}

/** The heap after a full collection, in words: what it grew by, per checkout the windows kept, and whether it held once the state stopped growing. */
export function heapLine(result: SoakResult): string {
  const { warm, grown, steady } = result.heapMb;
  const perCheckoutKb = ((grown - warm) * 1024) / Math.max(1, result.created);
  return (
    `heap after a full collection ${warm.toFixed(1)} MB once warm → ${grown.toFixed(1)} MB after the growing windows ` +
    `(${result.created} checkouts created: ${perCheckoutKb.toFixed(1)} KB each) → ${steady.toFixed(1)} MB after the steady ones`
  );
}

/** RSS at the end of the first and the last window once the state stopped growing, MB. */
export function steadyRss(result: SoakResult): [number, number] | null {
  const steady = result.windows.filter((w) => !w.growing);
  return steady.length ? [steady[0]!.rssMb, steady.at(-1)!.rssMb] : null;
}

export function windowTable(result: SoakResult): string {
  const lines = [
    '| window | requests | req/s | p50 ms | p99 ms | max ms | CPU µs/request | unexpected | RSS MB | state MB |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  result.windows.forEach((w, i) => {
    lines.push(
      `| ${i + 1}${w.growing ? '' : ' (steady)'} | ${w.requests} | ${w.rps.toFixed(0)} | ${w.p50} | ${w.p99} | ${w.max} | ${w.cpuUs.toFixed(0)} | ${w.unexpected + w.errors} | ${w.rssMb.toFixed(0)} | ${w.stateMb.toFixed(1)} |`,
    );
  });
  return lines.join('\n');
}

export function soakOptions(requests: number): SoakOptions {
  return {
    requests: Number(process.env.SOAK_REQUESTS ?? requests),
    windows: Number(process.env.SOAK_WINDOWS ?? 10),
    steadyWindows: Number(process.env.SOAK_STEADY_WINDOWS ?? 2),
    load: Number(process.env.SOAK_LOAD ?? 0.7),
    rate: process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : null,
    connections: Number(process.env.SOAK_CONNECTIONS ?? 20),
    nodeArgs: (process.env.SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean),
    logFile: process.env.SOAK_LOG ?? null,
    progress: (line) => process.stderr.write(`${line}\n`),
  };
}

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error('dist/main.js is missing: run `npm run build` first');
  const options = soakOptions(1_000_000);
  const startedAt = new Date(performance.timeOrigin + performance.now()).toISOString();
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const result = await soak(options);
  const markdown = [
    `${startedAt.slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · load average at start ${load} · ${options.requests} requests in ${options.windows} windows at ${result.rate} req/s ` +
      `(${options.load} of ${result.capacity.toFixed(0)} req/s probed), ${options.connections} connections, file state`,
    '',
    windowTable(result),
    '',
    `- p99 of the last window in which the state grew over the first's: ${p99Growth(result).toFixed(2)}×`,
    ...(steadyRss(result)
      ? [
          `- RSS once the state stopped growing: ${steadyRss(result)!
            .map((mb) => mb.toFixed(0))
            .join(' → ')} MB`,
        ]
      : []),
    `- RSS ${result.rssStartMb.toFixed(0)} MB at the start, ${result.rssQuietMb.toFixed(0)} MB ${QUIET_MS / 1000} s after the last window`,
    `- ${heapLine(result)}`,
  ].join('\n');
  console.log(`\n${markdown}\n`);
  // Only a run of this build as users run it is the page's table (not a profile, a trace or another build).
  if (options.nodeArgs.length === 0 && options.logFile === null && process.env.BENCH_MAIN === undefined) {
    const readme = join(ROOT, 'bench', 'README.md');
    const text = readFileSync(readme, 'utf8');
    const start = '<!-- soak:results:start -->';
    const end = '<!-- soak:results:end -->';
    if (text.includes(start) && text.includes(end)) {
      writeFileSync(
        readme,
        text.slice(0, text.indexOf(start)) + `${start}\n${markdown}\n${end}` + text.slice(text.indexOf(end) + end.length),
      );
      process.stderr.write('soak: table written to bench/README.md\n');
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
