/**
 * The documented corpus (fidelity/documented/): every exchange names the public page it comes
 * from, the replay finds nothing outside the baseline, every accepted divergence has a reason,
 * and docs/fidelity.md publishes each of them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyBaseline, readBaseline } from '../../src/fidelity/baseline.js';
import { diffExchanges } from '../../src/fidelity/diff.js';
import { parseMap } from '../../src/fidelity/mapping.js';
import { readRecordings } from '../../src/fidelity/recording.js';

const CORPUS = 'fidelity/documented';
const baseline = readBaseline(`${CORPUS}/baseline.json`);

describe('the documented corpus', () => {
  it('cites a public documentation page for every exchange, and says what a setup exchange is', () => {
    const exchanges = readRecordings([CORPUS]);
    expect(exchanges.length).toBeGreaterThanOrEqual(20);
    for (const exchange of exchanges) {
      expect(exchange.source, `${exchange.file}:${exchange.line}`).toMatch(/^https:\/\/(dev\.walleypay\.com|payments\.collectorbank\.se)\/docs\//);
      if (exchange.setup) expect(exchange.note).toMatch(/^Not from the documentation/);
    }
    expect(exchanges.filter((e) => !e.setup).length).toBeGreaterThanOrEqual(12);
  });

  it('diverges from the sandbox only where the baseline says why (npm run fidelity)', async () => {
    const report = applyBaseline(await diffExchanges(readRecordings([CORPUS]), { scenario: 'default', maps: [parseMap('store:123=1234')] }), baseline);
    expect(report.divergences).toEqual([]);
    expect(report.replayed).toBe(report.exchanges);
    expect(report.accepted).toHaveLength(baseline.length);
  });

  it('gives every accepted divergence a reason, and docs/fidelity.md lists each one', () => {
    const page = readFileSync('docs/fidelity.md', 'utf8');
    for (const entry of baseline) {
      expect(entry.reason.length, `${entry.endpoint} ${entry.pointer}`).toBeGreaterThan(20);
      expect(page, `${entry.endpoint} ${entry.pointer}`).toContain(`\`${entry.pointer}\``);
    }
  });
});
