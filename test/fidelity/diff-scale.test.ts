/**
 * `diff` of a recording of over 1,000 exchanges (112 merchant flows: tokens, checkouts, reads,
 * updates, errors, legacy reads, catch-ups for the unrecorded purchases, orders, captures)
 * finishes, replays every exchange and finds nothing. The time is printed, not asserted (the
 * machine is shared); docs/fidelity.md records the measured figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { monotonicMs } from '../../src/clock.js';
import { diffExchanges } from '../../src/fidelity/diff.js';
import { readRecordings } from '../../src/fidelity/recording.js';
import { recordFlows } from '../support/fidelity.js';

it('diffs a 1,000-exchange recording: every exchange replayed, no divergence', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fidelity-scale-'));
  try {
    const file = await recordFlows(112, dir);
    const started = monotonicMs();
    const report = await diffExchanges(readRecordings([file]), { scenario: 'default', maps: [] });
    const seconds = (monotonicMs() - started) / 1000;
    console.info(
      `diff of ${report.exchanges} exchanges: ${seconds.toFixed(2)} s (${((seconds * 1000) / report.exchanges).toFixed(2)} ms per exchange)`,
    );
    expect(report.exchanges).toBe(1008);
    expect(report.replayed).toBe(1008);
    expect(report.divergences).toEqual([]);
    expect(report.catchUps).toHaveLength(224);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
