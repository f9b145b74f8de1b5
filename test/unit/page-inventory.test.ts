/**
 * The page inventory of docs/real-service.md ("Page inventory") against the documented corpus
 * (recordings/documented/): every page marked transcribed has an exchange naming it (under either
 * address), no page is left in scope without one, every other page says why, and every page an
 * exchange names is in the inventory.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readRecordings } from '../../src/fidelity/recording.js';

const HOSTS: Record<string, string> = {
  'dev.walleypay.com': 'dev',
  'payments.collectorbank.se': 'payments',
  'learn.microsoft.com': 'microsoft',
  'web-checkout-documentation.azurewebsites.net': 'retired',
};
const STATUSES = ['transcribed', 'out of scope', 'not yet'] as const;

interface Row {
  page: string;
  on: string[];
  status: string;
  reason: string;
}

function inventory(): Row[] {
  const text = readFileSync('docs/real-service.md', 'utf8');
  const section = text.slice(text.indexOf('\n## Page inventory'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [page = '', on = '', , status = '', reason = ''] = line.split(' | ').map((cell) => cell.replace(/^\| |\|$/g, '').trim());
      return { page: page.replace(/`/g, ''), on: on.split(',').map((s) => s.trim()), status, reason };
    });
}

/** A source address as an inventory key: the site's short name and the path, without a trailing slash or a fragment. */
function keyOf(source: string): string {
  const url = new URL(source);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return `${HOSTS[url.hostname] ?? url.hostname} ${path}`;
}

const documented = readRecordings(['recordings/documented']).filter((e) => !e.setup && e.source);
const cited = new Set(documented.map((e) => keyOf(e.source!)));

describe('the page inventory', () => {
  const rows = inventory();

  it('lists the pages of every area on both addresses, each once, with a known status', () => {
    expect(rows.length).toBeGreaterThanOrEqual(50);
    for (const row of rows) expect(STATUSES, row.page).toContain(row.status);
    const keys = rows.flatMap((row) => row.on.map((site) => `${site} ${row.page}`));
    expect(new Set(keys).size).toBe(keys.length);
    for (const site of ['dev', 'payments', 'microsoft', 'retired'])
      expect(
        rows.some((row) => row.on.includes(site)),
        site,
      ).toBe(true);
  });

  it('has an exchange naming every page in scope, under one of its addresses', () => {
    for (const row of rows.filter((r) => r.status !== 'out of scope')) {
      expect(
        row.on.some((site) => cited.has(`${site} ${row.page}`)),
        `${row.page} is ${row.status} but no exchange in recordings/documented/ names it`,
      ).toBe(true);
    }
  });

  it('says why a page is out of scope', () => {
    for (const row of rows.filter((r) => r.status === 'out of scope')) expect(row.reason.length, row.page).toBeGreaterThan(20);
  });

  it('lists every page an exchange names, as transcribed', () => {
    const transcribed = new Set(
      rows.filter((r) => r.status === 'transcribed').flatMap((row) => row.on.map((site) => `${site} ${row.page}`)),
    );
    for (const key of cited) expect(transcribed, `${key} is named by an exchange but not listed as transcribed`).toContain(key);
  });
});
