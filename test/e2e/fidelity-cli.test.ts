/**
 * Proof against the real service, end to end with the built CLI: `checkout-sandbox record` forwards a
 * merchant's flow to a stand-in for the real UAT (a second sandbox behind a proxy that changes
 * known things), the customer buys on the stand-in directly (unrecorded), and
 * `checkout-sandbox diff` must report every change with the right kind and pointer, and
 * nothing else. The same flow against an unchanged stand-in diffs clean.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FidelityReport } from '../../src/fidelity/report.js';
import { type Mutation, type StandIn, merchantFlow, startStandIn } from '../support/fidelity.js';
import { type Spawned, runCli, startCommand } from '../support/spawn.js';

/** The known changes, each on one answer of the flow. */
const CHANGES: Mutation[] = [
  // A value: the token's lifetime.
  (r, a) => {
    if (r.path === '/oauth2/v2.0/token') (a.json as Record<string, unknown>).expires_in = 3600;
  },
  // A dropped field and a changed format, on the initialization.
  (r, a) => {
    if (r.method !== 'POST' || r.path !== '/checkouts') return;
    const data = (a.json as { data: Record<string, unknown> }).data;
    delete data.expiresAt;
    data.publicToken = String(data.publicToken).replace('public-SE-', 'pub_SE_');
  },
  // An added field, on every read of the checkout on the current API.
  (r, a) => {
    if (r.method === 'GET' && r.surface === 'api' && /^\/checkouts\/[^/]+$/.test(r.path))
      (a.json as { data: Record<string, unknown> }).data.riskScore = 0.12;
  },
  // A header, on the error answer.
  (r, a) => {
    if (r.method === 'PUT' && a.status === 400) a.headers['content-type'] = 'text/json';
  },
  // An enum value, on the legacy host's read.
  (r, a) => {
    if (r.surface === 'legacy' && r.method === 'GET') (a.json as { data: Record<string, unknown> }).data.customerType = 'Private';
  },
  // A type, on the order.
  (r, a) => {
    if (r.method === 'GET' && /^\/manage\/orders\/[^/]+$/.test(r.path)) {
      const data = (a.json as { data: Record<string, unknown> }).data;
      data.totalAmount = String(data.totalAmount);
    }
  },
  // A status code, on the capture.
  (r, a) => {
    if (r.path.endsWith('/capture')) a.status = 200;
  },
];

const EXPECTED = [
  ['GET /checkouts/{privateId}', 'api', 'missing', '/data/riskScore', 2],
  ['GET /manage/orders/{orderId}', 'api', 'type', '/data/totalAmount', 1],
  ['GET /merchants/{storeId}/checkouts/{privateId}', 'legacy', 'enum', '/data/customerType', 1],
  ['POST /checkouts', 'api', 'extra', '/data/expiresAt', 1],
  ['POST /checkouts', 'api', 'format', '/data/publicToken', 1],
  ['POST /manage/orders/{orderId}/capture', 'api', 'status', null, 1],
  ['POST /oauth2/v2.0/token', 'auth', 'value', '/expires_in', 1],
  ['PUT /checkouts/{privateId}/cart', 'api', 'header', null, 1],
];

async function record(standIn: StandIn, dir: string): Promise<void> {
  const upstreams = ['auth', 'api', 'legacy'].flatMap((s) => ['--upstream', `uat.${s}=${standIn.origin}/uat/${s}`]);
  const recorder: Spawned = await startCommand(['record'], ['--out', dir, ...upstreams]);
  try {
    await merchantFlow(recorder.url, standIn);
  } finally {
    expect(await recorder.stop()).toBe(0);
  }
  expect(recorder.output()).toMatch(/record: 9 exchanges in .*recording-.*\.jsonl/);
}

async function diff(args: string[]): Promise<{ code: number | null; output: string; report: FidelityReport }> {
  const out = join(mkdtempSync(join(tmpdir(), 'fidelity-report-')), 'report.json');
  const result = await runCli(['diff', ...args, '--format', 'json', '--out', out]);
  return { ...result, report: JSON.parse(readFileSync(out, 'utf8')) as FidelityReport };
}

describe('record through a changed stand-in, then diff', () => {
  let standIn: StandIn;
  let dir: string;
  beforeAll(async () => {
    standIn = await startStandIn(CHANGES);
    dir = mkdtempSync(join(tmpdir(), 'fidelity-changed-'));
    await record(standIn, dir);
  });
  afterAll(async () => {
    await standIn?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports each injected change with its kind and pointer, and nothing else (exit 1)', async () => {
    const { code, report } = await diff([dir]);
    expect(code).toBe(1);
    expect(report.exchanges).toBe(9);
    expect(report.replayed).toBe(9);
    const found = report.divergences.map((d) => [d.endpoint, d.surface, d.kind, d.pointer, d.count]);
    expect(found).toEqual(EXPECTED);
    // The purchase happened on the stand-in only: the world caught up, and says so apart.
    expect(report.catchUps.map((c) => c.action)).toEqual(['identify', 'purchase']);
    const status = report.divergences.find((d) => d.kind === 'status')!;
    expect([status.real, status.sandbox]).toEqual([200, 202]);
    const header = report.divergences.find((d) => d.kind === 'header')!;
    expect([header.real, header.sandbox]).toEqual(['content-type: text/json', 'content-type: application/json']);
    expect(report.divergences.find((d) => d.kind === 'format')).toMatchObject({ real: 'pub_SE_<hex×48>', sandbox: 'public-SE-<hex×48>' });
    expect(report.divergences.find((d) => d.kind === 'enum')).toMatchObject({ real: 'Private', sandbox: 'PrivateCustomer', env: 'uat' });
    expect(report.divergences[0]!.first).toMatchObject({ exchange: 3, pointer: '/data/riskScore' });
  });

  it('writes a baseline that then accepts every one of them (exit 0), and JUnit lists them', async () => {
    const baseline = join(dir, 'baseline.json');
    const written = await runCli(['diff', dir, '--write-baseline', baseline, '--format', 'text']);
    expect(written.code).toBe(0);
    const entries = (JSON.parse(readFileSync(baseline, 'utf8')) as { accepted: { reason: string }[] }).accepted;
    expect(entries).toHaveLength(EXPECTED.length);
    expect(entries.every((e) => e.reason === '')).toBe(true);

    const { code, report } = await diff([dir, '--baseline', baseline]);
    expect(code).toBe(0);
    expect(report.divergences).toEqual([]);
    expect(report.accepted).toHaveLength(EXPECTED.length);

    const junit = await runCli(['diff', dir, '--format', 'junit']);
    expect(junit.code).toBe(1);
    expect(junit.output).toContain(`<testsuites name="checkout-sandbox diff" tests="${EXPECTED.length}" failures="${EXPECTED.length}"`);
    expect(junit.output).toContain('<testcase classname="GET /checkouts/{privateId} (uat api)" name="missing /data/riskScore">');
  });
});

describe('record through an unchanged stand-in, then diff', () => {
  it('diffs clean: no noise from fresh ids, tokens, times or the unrecorded purchase (exit 0)', async () => {
    const standIn = await startStandIn();
    const dir = mkdtempSync(join(tmpdir(), 'fidelity-same-'));
    try {
      await record(standIn, dir);
      const { code, report } = await diff([dir]);
      expect(report.divergences).toEqual([]);
      expect(code).toBe(0);
      expect(report.replayed).toBe(9);
      const text = await runCli(['diff', dir]);
      expect(text.code).toBe(0);
      expect(text.output).toContain('No divergence: the sandbox answered as the recording shows.');
    } finally {
      await standIn.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('usage errors (exit 2)', () => {
  it.each([
    [['diff'], 'name at least one recording file or directory'],
    [['diff', '--format', 'xml', 'recordings/documented'], '--format must be one of text, json, junit'],
    [['diff', 'no/such/dir'], 'no/such/dir: no such file or directory'],
    [['diff', 'recordings/documented', '--map', 'shop:1=2'], 'expected KIND:REAL=SANDBOX'],
    [
      ['diff', 'recordings/documented'],
      "the recording's UAT store 123 is not in the scenario, which has 1234, 1235, 1236, 2234: add --map store:123=1234",
    ],
    [['record'], '--out DIR is required'],
    [['record', '--out', 'x', '--upstream', 'uat.shop=http://x'], 'expected ENV.SURFACE=URL'],
  ])('%j', async (args, message) => {
    const { code, output } = await runCli(args);
    expect(code).toBe(2);
    expect(output).toContain(message);
  });
});
