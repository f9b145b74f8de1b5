/**
 * `npm run bench:fidelity`: how long `checkout-sandbox diff` takes on a recording of 1,008
 * exchanges (112 merchant flows recorded through `record` against a stand-in sandbox, as in
 * test/e2e/fidelity-cli.test.ts). Prints the time to record, to diff in-process (median of
 * 3), and to run the built CLI end to end (process start included). docs/fidelity.md quotes it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffExchanges } from '../src/fidelity/diff.js';
import { readRecordings } from '../src/fidelity/recording.js';
import { recordFlows } from '../test/support/fidelity.js';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 112);
const dir = mkdtempSync(join(tmpdir(), 'bench-fidelity-'));
try {
  let started = performance.now();
  const file = await recordFlows(FLOWS, dir);
  const recordMs = performance.now() - started;
  const exchanges = readRecordings([file]);
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    started = performance.now();
    const report = await diffExchanges(exchanges, { scenario: 'default', maps: [] });
    runs.push(performance.now() - started);
    if (report.divergences.length || report.replayed !== exchanges.length)
      throw new Error(`unexpected report: ${report.replayed} replayed, ${report.divergences.length} divergences`);
  }
  started = performance.now();
  const cli = spawnSync(process.execPath, [fileURLToPath(new URL('../dist/main.js', import.meta.url)), 'diff', file], { encoding: 'utf8' });
  const cliMs = performance.now() - started;
  const median = runs.sort((a, b) => a - b)[1]!;
  process.stdout.write(
    [
      `recording: ${exchanges.length} exchanges in ${(recordMs / 1000).toFixed(2)} s`,
      `diff in-process: median ${(median / 1000).toFixed(2)} s of 3 (${runs.map((r) => (r / 1000).toFixed(2)).join(', ')}), ${(median / exchanges.length).toFixed(2)} ms per exchange`,
      `diff CLI (node dist/main.js diff): ${(cliMs / 1000).toFixed(2)} s, exit ${cli.status}`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
