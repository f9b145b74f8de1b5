/**
 * The parts the replay stands on: which operation a request calls, the id map, store and
 * client mappings, rules files, baselines and the recording reader's messages.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyBaseline, readBaseline, writeBaseline } from '../../src/fidelity/baseline.js';
import { IdMap } from '../../src/fidelity/ids.js';
import { WorldDirectory, formField, parseMap, resolveMappings } from '../../src/fidelity/mapping.js';
import { type OperationIndex, routeOperations } from '../../src/fidelity/operations.js';
import { RecordingError, readRecordings } from '../../src/fidelity/recording.js';
import type { FidelityReport } from '../../src/fidelity/report.js';
import { RulesError, loadRules } from '../../src/fidelity/rules.js';
import { useSandboxShell } from '../support/sandbox.js';
import { loadScenario } from '../../src/store/scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'fidelity-parts-'));

describe("a request's operation, from the world's routes", () => {
  const sandbox = useSandboxShell({}, 'file');
  let operations: OperationIndex;
  beforeAll(async () => {
    operations = routeOperations(sandbox.routes);
  });

  it.each([
    [
      'api',
      'GET',
      '/checkouts/1eec44b5-66d3-4058-a31f-3444229fb727',
      'GET /checkouts/{privateId}',
      { privateId: '1eec44b5-66d3-4058-a31f-3444229fb727' },
    ],
    ['api', 'PUT', '/checkouts/abc/', 'PUT /checkouts/{privateId}', { privateId: 'abc' }],
    [
      'legacy',
      'GET',
      '/merchants/1234/checkouts/abc?x=1',
      'GET /merchants/{storeId}/checkouts/{privateId}',
      { storeId: '1234', privateId: 'abc' },
    ],
    ['retired', 'POST', '/checkout', 'POST /checkout', {}],
    ['api', 'POST', '/oauth2/v2.0/token/', 'POST /oauth2/v2.0/token', {}],
    ['auth', 'POST', '/oauth2/v2.0/token', 'POST /oauth2/v2.0/token', {}],
    ['api', 'POST', '/manage/orders/ABC/capture', 'POST /manage/orders/{orderId}/capture', { orderId: 'ABC' }],
    [
      'api',
      'GET',
      '/manage/orders/o1/reauthorize/r1',
      'GET /manage/orders/{orderId}/reauthorize/{reauthorizationId}',
      { orderId: 'o1', reauthorizationId: 'r1' },
    ],
  ] as const)('%s %s %s → %s', (surface, method, path, name, params) => {
    expect(operations.operationOf('uat', surface, method, path)).toEqual({ name, params, known: true });
  });

  it('guesses a template for a path no route serves, so its calls group', () => {
    expect(operations.operationOf('uat', 'api', 'GET', '/invoices/1eec44b5-66d3-4058-a31f-3444229fb727/pdf')).toEqual({
      name: 'GET /invoices/{id}/pdf',
      params: {},
      known: false,
    });
  });
});

describe('IdMap', () => {
  it('replaces whole segments, query values and JSON strings, long ids inside text too, case-insensitively', () => {
    const ids = new IdMap();
    ids.learn('1EEC44B5-66D3-4058-A31F-3444229FB727', 'aaaaaaaa-0000-4000-8000-000000000001');
    ids.learn('5678', '1234');
    expect(ids.mapPath('/merchants/5678/checkouts/1eec44b5-66d3-4058-a31f-3444229fb727?id=1EEC44B5-66D3-4058-A31F-3444229FB727')).toBe(
      '/merchants/1234/checkouts/aaaaaaaa-0000-4000-8000-000000000001?id=aaaaaaaa-0000-4000-8000-000000000001',
    );
    expect(
      ids.mapJson({ storeId: 5678, amount: 56789, note: 'store 5678', url: 'https://shop/x?id=1eec44b5-66d3-4058-a31f-3444229fb727' }),
    ).toEqual({
      storeId: 1234,
      amount: 56789,
      note: 'store 5678',
      url: 'https://shop/x?id=aaaaaaaa-0000-4000-8000-000000000001',
    });
  });

  it('learns pairs from the generated fields of two answers and from Location segments', () => {
    const ids = new IdMap();
    const generated = new Set(['/data/privateId', '/data/invoices/*/invoiceNumber']);
    ids.learnFromAnswers(
      (p) => generated.has(p),
      {
        data: {
          privateId: '1eec44b5-66d3-4058-a31f-3444229fb727',
          invoices: [{ invoiceNumber: '111111111' }, { invoiceNumber: '222222222' }],
        },
      },
      {
        data: {
          privateId: 'aaaaaaaa-0000-4000-8000-000000000001',
          invoices: [{ invoiceNumber: '333333333' }, { invoiceNumber: '444444444' }],
        },
      },
    );
    ids.learnFromLocations(
      '/manage/orders/o/reauthorize/0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      '/manage/orders/o/reauthorize/ffffffffffffffffffffffffffffffff',
    );
    expect([
      ids.lookup('1eec44b5-66d3-4058-a31f-3444229fb727'),
      ids.lookup('222222222'),
      ids.lookup('0F1E2D3C4B5A69788796A5B4C3D2E1F0'),
    ]).toEqual(['aaaaaaaa-0000-4000-8000-000000000001', '444444444', 'ffffffffffffffffffffffffffffffff']);
  });
});

describe('store and client mappings', () => {
  const directory = new WorldDirectory(loadScenario('default'));
  it('keeps ids the scenario has, takes the only one otherwise, and names the --map to add when there are several', () => {
    const { pairs, problems } = resolveMappings(
      [
        { kind: 'store', env: 'uat', id: '1234' },
        { kind: 'store', env: 'uat', id: '5678' },
        { kind: 'client', env: 'uat', id: '0c0c0c0c-0000-4000-8000-00000000000f' },
      ],
      directory,
      [parseMap('client:0c0c0c0c-0000-4000-8000-00000000000f=6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01')],
    );
    expect(pairs).toEqual([['0c0c0c0c-0000-4000-8000-00000000000f', '6f1e2d3c-4b5a-4978-8a1b-2c3d4e5f6a01']]);
    expect(problems).toEqual([
      expect.stringContaining('store 5678 is not in the scenario, which has 1234, 1235, 1236, 2234: add --map store:5678=1234'),
    ]);
    // The minimal scenario has one store per environment: a recorded store goes to it.
    expect(resolveMappings([{ kind: 'store', env: 'prod', id: '9999' }], new WorldDirectory(loadScenario('minimal')), [])).toEqual({
      pairs: [['9999', '5234']],
      problems: [],
    });
  });

  it('refuses a --map that is not KIND:REAL=SANDBOX, and reads form and multipart fields', () => {
    expect(() => parseMap('shop:1=2')).toThrow(/KIND:REAL=SANDBOX/);
    expect(formField('a=1&client_id=6f1e%2D1&b=2', 'client_id')).toBe('6f1e-1');
    expect(formField('--b\r\nContent-Disposition: form-data; name="client_id"\r\n\r\nabc\r\n--b--', 'client_id')).toBe('abc');
  });
});

describe('rules, baselines and recordings', () => {
  it('reads a rules file (JSON or YAML) and refuses one of the wrong shape, naming the field', () => {
    const yaml = join(dir, 'rules.yaml');
    writeFileSync(yaml, 'rules:\n  - pointer: /data/metadata\n    action: ignore\n');
    expect(loadRules(yaml).forPointer({ endpoint: 'x', env: 'uat', surface: 'api' }, '/data/metadata/a/0')).toBe('ignore');
    const bad = join(dir, 'rules.json');
    writeFileSync(bad, JSON.stringify({ rules: [{ pointer: 'data', action: 'ignore' }] }));
    expect(() => loadRules(bad)).toThrow(RulesError);
    expect(() => loadRules(bad)).toThrow(/rules\.0\.pointer/);
  });

  it('writes a baseline with room for reasons, keeps given reasons, and accepts by endpoint, kind and pointer', () => {
    const group = {
      endpoint: 'GET /checkouts/{privateId}',
      env: 'uat',
      surface: 'api',
      kind: 'missing' as const,
      pointer: '/data/riskScore',
      real: 0.1,
      sandbox: null,
      count: 2,
      first: { exchange: 3, time: 't', path: '/checkouts/x', pointer: '/data/riskScore' },
    };
    const header = {
      ...group,
      kind: 'header' as const,
      pointer: null,
      real: 'content-type: text/json',
      sandbox: 'content-type: application/json',
    };
    const report: FidelityReport = { exchanges: 3, replayed: 3, divergences: [group, header], catchUps: [], notReplayed: [], learned: {} };
    const file = join(dir, 'baseline.json');
    expect(writeBaseline(file, report, [])).toBe(2);
    const entries = readBaseline(file);
    expect(entries.map((e) => [e.kind, e.pointer, e.header, e.reason])).toEqual([
      ['missing', '/data/riskScore', undefined, ''],
      ['header', null, 'content-type', ''],
    ]);
    entries[0]!.reason = 'not documented';
    writeFileSync(file, JSON.stringify({ version: 1, accepted: [entries[0]] }));
    const applied = applyBaseline({ ...report, divergences: [{ ...group, real: 0.9 }, header] }, readBaseline(file));
    expect(applied.divergences.map((d) => d.kind)).toEqual(['header']);
    expect(applied.accepted).toEqual([expect.objectContaining({ pointer: '/data/riskScore', reason: 'not documented' })]);
    writeBaseline(file, applied);
    expect(readBaseline(file).map((e) => e.reason)).toEqual(['', 'not documented']);
  });

  it('names the file and line of a recording line that is not an exchange', () => {
    const file = join(dir, 'broken.jsonl');
    writeFileSync(file, `${JSON.stringify({ v: 1, seq: 1, time: 'yesterday' })}\n`);
    expect(() => readRecordings([file])).toThrow(RecordingError);
    expect(() => readRecordings([file])).toThrow(/broken\.jsonl:1: /);
    expect(() => readRecordings([join(dir, 'nothing-here')])).toThrow(/no such file or directory/);
  });
});

describe('an exchange the replay cannot send', () => {
  it('is listed as not replayed, and the rest of the recording is compared', async () => {
    const { diffExchanges } = await import('../../src/fidelity/diff.js');
    const base = {
      v: 1 as const,
      time: '2026-11-02T09:00:00.000Z',
      env: 'uat' as const,
      surface: 'api' as const,
      request: { headers: {}, body: null },
      answer: { headers: {}, body: null },
      durationMs: 1,
      file: 'x.jsonl',
    };
    const report = await diffExchanges(
      [
        { ...base, seq: 1, line: 1, method: 'TRACE', path: '/checkouts', status: 405 },
        {
          ...base,
          seq: 2,
          line: 2,
          method: 'GET',
          path: '/no-such-path',
          status: 404,
          answer: {
            headers: { 'content-type': 'application/json; charset=utf-8' },
            body: {
              json: {
                id: '862336bb-86a5-418b-b6ff-5547398d5c6b',
                data: null,
                error: { code: 404, message: 'm', errors: [{ reason: 'Resource_Not_Found', message: 'm' }] },
              },
            },
          },
        },
      ],
      { scenario: 'default', maps: [] },
    );
    expect(report.notReplayed).toEqual([
      expect.objectContaining({ exchange: 1, file: 'x.jsonl', reason: expect.stringContaining('the replay could not send it') }),
    ]);
    expect(report.replayed).toBe(1);
    expect(report.divergences).toEqual([]);
  });
});
