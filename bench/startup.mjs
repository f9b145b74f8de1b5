// Where the built sandbox's start-up time goes: each dependency imported in turn (so each
// line is that package's own load and compile time), then the sandbox's own modules, then
// createSandbox (scenario parse + seeding + keys), listen and the first /__admin/health.
// Plain node (no tsx loader, which would inflate every import). Best of N runs, each in a
// fresh process:
//   npm run bench:startup            (N=7)
//   node bench/startup.mjs --once
// It imports tsc's module-per-file output (dist/sandbox.js, dist/cli/index.js), so that each
// package's share shows; the CLI itself runs the esbuild bundle of the same code (dist/main.js
// and dist/chunks/), which links a few files instead of hundreds, so the "import dist/" line here
// is what the bundle saves most of. The bench's cold start measures the bundle.
// What a start of `default` loads: jose (but its JWT decoder) loads on first use, not at start,
// so it is not in the list; faker loads inside createSandbox, to seed the people.
/* global performance */
import { execFileSync } from 'node:child_process';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// As src/main.ts does: the on-disk compile cache (Node ≥ 22.1).
module.enableCompileCache?.();

const DIST = new URL('../dist/', import.meta.url);
const DEPS = ['hono', '@hono/node-server', 'zod', 'yaml', 'jose/jwt/decode', 'pino', 'lowdb', 'lowdb/node', 'iso8601-duration'];

async function once() {
  const rows = [];
  const t0 = performance.now();
  for (const dep of DEPS) {
    const t = performance.now();
    await import(dep);
    rows.push([`import ${dep}`, performance.now() - t]);
  }
  let t = performance.now();
  const { createSandbox } = await import(new URL('sandbox.js', DIST).href);
  await import(new URL('cli/index.js', DIST).href);
  rows.push(["import dist/ (the sandbox's own modules)", performance.now() - t]);
  t = performance.now();
  const sandbox = await createSandbox({ port: 0, now: '2026-06-01T00:00:00Z', logLevel: 'warn', scenario: 'default' });
  rows.push(['createSandbox: scenario default (YAML, zod, faker, seeding)', performance.now() - t]);
  t = performance.now();
  await sandbox.listen();
  rows.push(['listen', performance.now() - t]);
  t = performance.now();
  const response = await sandbox.fetch('/__admin/health');
  if (response.status !== 200) throw new Error(`health answered ${response.status}`);
  rows.push(['first /__admin/health', performance.now() - t]);
  rows.push(['total after node bootstrap', performance.now() - t0]);
  rows.push(['RSS MB', process.memoryUsage().rss / 1048576]);
  await sandbox.close();
  process.stdout.write(JSON.stringify(rows));
}

if (process.argv.includes('--once')) {
  await once();
} else {
  const runs = Number(process.env.STARTUP_RUNS ?? 7);
  const script = fileURLToPath(import.meta.url);
  const best = new Map();
  for (let i = 0; i < runs; i++) {
    const rows = JSON.parse(execFileSync(process.execPath, [script, '--once'], { encoding: 'utf8' }));
    for (const [name, ms] of rows) best.set(name, Math.min(best.get(name) ?? Infinity, ms));
  }
  console.log(`best of ${runs} fresh processes, Node ${process.version}\n`);
  console.log('| step | ms |\n|---|---:|');
  for (const [name, ms] of best) console.log(`| ${name} | ${ms.toFixed(0)} |`);
}
