/**
 * The documented corpus (recordings/documented/): every exchange names the public page it comes
 * from, the replay finds nothing outside the baseline, every accepted divergence has a reason,
 * and docs/fidelity.md publishes each of them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TYPES } from '../../src/domain/webhook-events.js';
import { applyBaseline, readBaseline } from '../../src/fidelity/baseline.js';
import { diffExchanges } from '../../src/fidelity/diff.js';
import { parseMap } from '../../src/fidelity/mapping.js';
import { readRecordings } from '../../src/fidelity/recording.js';

const CORPUS = 'recordings/documented';
const baseline = readBaseline(`${CORPUS}/baseline.json`);

describe('the documented corpus', () => {
  it('cites a public documentation page for every exchange, and says what a setup exchange is', () => {
    const exchanges = readRecordings([CORPUS]);
    expect(exchanges.length).toBeGreaterThanOrEqual(127);
    for (const exchange of exchanges) {
      // The current pages, the retired documentation (as the official PHP SDK transcribes it) and Microsoft's reference for the token endpoint's errors.
      expect(exchange.source, `${exchange.file}:${exchange.line}`).toMatch(
        /^(https:\/\/(dev\.walleypay\.com|payments\.collectorbank\.se)\/docs\/|http:\/\/web-checkout-documentation\.azurewebsites\.net\/|https:\/\/learn\.microsoft\.com\/en-us\/entra\/)/,
      );
      expect(exchange.note?.length, `${exchange.file}:${exchange.line}`).toBeGreaterThan(20);
      if (exchange.setup) expect(exchange.note).toMatch(/^(Not from the documentation|Not compared here)/);
    }
    expect(exchanges.filter((e) => !e.setup).length).toBeGreaterThanOrEqual(74);
  });

  it('holds the calls the service makes to the merchant: the notification and validation callbacks and every webhook event it sends', () => {
    const outgoing = readRecordings([CORPUS]).filter((e) => e.outgoing && !e.setup);
    const types = outgoing.map((e) =>
      e.outgoing === 'webhook' && e.request.body && 'json' in e.request.body ? (e.request.body.json as { Type: string }).Type : e.outgoing,
    );
    expect(new Set(types)).toEqual(
      // Both callbacks and every webhook the sandbox sends.
      new Set(['notification', 'validation', ...WEBHOOK_TYPES]),
    );
  });

  it('diverges from the sandbox only where the baseline says why (npm run fidelity)', async () => {
    const report = applyBaseline(
      await diffExchanges(readRecordings([CORPUS]), { scenario: 'default', maps: [parseMap('store:123=1234')] }),
      baseline,
    );
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
