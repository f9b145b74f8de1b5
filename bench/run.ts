/**
 * Benchmarks, as ratios against a bare Hono server measured in the same run on the same
 * machine (absolute numbers depend on the machine; ratios much less so).
 *
 *   npm run bench                 # 3 s per case
 *   BENCH_SECONDS=10 npm run bench
 *
 * Loopback only, bounded in time; it stops by itself.
 */
import { spawn } from 'node:child_process';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import { createSandbox } from '../src/index.js';
import { type BenchCase, sandboxCases } from './cases.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function measure(name: string, url: string, init: BenchCase['request'] = {}): Promise<Result> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function bareHono(): Promise<{ url: string; close: () => void }> {
  const app = new Hono();
  app.get('/ping', (c) => c.json({ id: 'x', data: { ok: true }, error: null }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
}

/** Spawn → first 200 from /__admin/health of `npm start`, in ms. */
async function coldStart(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent', '--', '--port', '0', '--memory', '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no banner in 15 s')), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  const response = await fetch(`${url}/__admin/health`);
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`health answered ${response.status}`);
  const pid = Number(/pid: (\d+)/.exec(output)?.[1]);
  process.kill(pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return ms;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) starts.push(await coldStart());

  const bare = await bareHono();
  const baseline = await measure('bare Hono GET /ping (ceiling)', `${bare.url}/ping`);
  bare.close();

  const sandbox = await createSandbox({ logLevel: 'silent', port: 0, scenario: 'default', now: '2026-06-01T00:00:00Z' });
  const { url } = await sandbox.listen();
  const results: Result[] = [baseline];
  const skipped: string[] = [];
  for (const benchCase of await sandboxCases(sandbox)) {
    if (benchCase.skip) {
      skipped.push(`${benchCase.name}: ${benchCase.skip}`);
      continue;
    }
    results.push(await measure(benchCase.name, `${url}${benchCase.path}`, benchCase.request));
  }
  await sandbox.close();

  const rows = results.map((r) =>
    [
      r.name.padEnd(52),
      r.rps.toFixed(0).padStart(8),
      (r.rps / baseline.rps).toFixed(2).padStart(7),
      String(r.p50).padStart(6),
      String(r.p99).padStart(6),
      String(r.non2xx).padStart(7),
    ].join(' '),
  );
  console.log(`\ncold start (npm start → health 200): median ${median(starts).toFixed(0)} ms of ${starts.map((s) => s.toFixed(0)).join(', ')}`);
  console.log(`\n${SECONDS} s per case, ${CONNECTIONS} connections, loopback\n`);
  console.log(`${'case'.padEnd(52)} ${'req/s'.padStart(8)} ${'ratio'.padStart(7)} ${'p50ms'.padStart(6)} ${'p99ms'.padStart(6)} ${'non2xx'.padStart(7)}`);
  for (const row of rows) console.log(row);
  for (const s of skipped) console.log(`skipped ${s}`);
}

await main();
